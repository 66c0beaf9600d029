import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../../src/domain/company/regions/countries';
import {
  hasRegionList,
  loadRegions,
  misplacedLevel,
  REGION_COUNTRIES,
} from '../../../src/domain/company/regions/index';

describe('region lists', () => {
  it('ship for CN, US, DE, GB and CH, each a country of the country list', async () => {
    for (const country of REGION_COUNTRIES) {
      expect(COUNTRIES.is(country)).toBe(true);
      const tree = await loadRegions(country);
      expect(tree?.length, country).toBeGreaterThan(3);
      for (const province of tree ?? []) {
        expect(province.cities.length, `${country} ${province.name}`).toBeGreaterThan(0);
        expect(new Set(province.cities.map((c) => c.name)).size).toBe(province.cities.length);
      }
    }
    expect(await loadRegions('FR')).toBeNull();
    expect(hasRegionList('FR')).toBe(false);
    expect((await loadRegions('US'))?.length).toBe(51);
    expect((await loadRegions('DE'))?.length).toBe(16);
    expect((await loadRegions('CH'))?.length).toBe(26);
  });

  it('shows a municipality as one city named after it, with its districts', async () => {
    const cn = (await loadRegions('CN')) ?? [];
    const shanghai = cn.find((p) => p.name === '上海市');
    expect(shanghai?.cities.map((c) => c.name)).toEqual(['上海市']);
    expect(shanghai?.cities[0]?.districts).toContain('浦东新区');
    const chongqing = cn.find((p) => p.name === '重庆市');
    expect(chongqing?.cities[0]?.districts).toEqual(expect.arrayContaining(['渝中区', '城口县']));
    // Directly administered county-level cities are cities of their own.
    const henan = cn.find((p) => p.name === '河南省');
    expect(henan?.cities.map((c) => c.name)).toContain('济源市');
    expect(henan?.cities.map((c) => c.name)).not.toContain('省直辖县');
    const jiangsu = cn.find((p) => p.name === '江苏省');
    expect(jiangsu?.cities.find((c) => c.name === '苏州市')?.districts).toContain('吴中区');
    const hk = cn.find((p) => p.name === '香港特别行政区');
    expect(hk?.cities).toHaveLength(1);
    expect(hk?.cities[0]?.districts).toEqual(expect.arrayContaining(['中西区', '沙田区']));
  });

  it('is a current list (security review L17: china-area-data stopped at 2019)', async () => {
    const cn = (await loadRegions('CN')) ?? [];
    const cities = (province: string) => cn.find((p) => p.name === province)?.cities ?? [];
    const districts = (province: string, city: string) =>
      cities(province).find((c) => c.name === city)?.districts ?? [];
    // 2020: 邢台 got 襄都区 and 信都区, 公主岭市 moved to 长春市; 2021: 杭州's 临平区 and 钱塘区.
    expect(districts('河北省', '邢台市')).toEqual(expect.arrayContaining(['襄都区', '信都区']));
    expect(districts('河北省', '邢台市')).not.toContain('桥东区');
    expect(districts('吉林省', '长春市')).toContain('公主岭市');
    expect(districts('浙江省', '杭州市')).toEqual(expect.arrayContaining(['临平区', '钱塘区']));
    // The demo companies' addresses still belong.
    for (const pick of [
      { province: '上海市', city: '上海市', district: '浦东新区' },
      { province: '江苏省', city: '苏州市', district: '吴中区' },
      { province: '浙江省', city: '宁波市' },
      { province: '广东省', city: '深圳市' },
    ]) {
      expect(misplacedLevel(cn, pick), JSON.stringify(pick)).toBeNull();
    }
  });

  it.each([
    [{ province: '江苏省', city: '苏州市', district: '吴中区' }, null],
    [{ province: '江苏省', city: '苏州市' }, null],
    [{ province: '江苏省' }, null],
    [{}, null],
    [{ province: '江苏' }, 'province'],
    [{ province: '江苏省', city: '杭州市' }, 'city'],
    [{ city: '苏州市' }, 'city'],
    [{ province: '江苏省', city: '苏州市', district: '西湖区' }, 'district'],
    [{ province: '江苏省', district: '吴中区' }, 'district'],
    [{ province: '河南省', city: '济源市', district: '任意' }, null],
  ] as const)('CN %j → %s', async (pick, level) => {
    expect(misplacedLevel(await loadRegions('CN'), pick)).toBe(level);
  });

  it('takes anything for a country without a list', () => {
    expect(misplacedLevel(null, { province: 'Île-de-France', city: 'Paris' })).toBeNull();
  });
});
