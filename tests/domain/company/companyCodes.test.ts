import { describe, expect, it } from 'vitest';
import type { LabelSet } from '../../../src/domain/codeLabels';
import {
  COMPANY_LANGUAGES,
  COMPANY_TIMEZONES,
  COMPANY_TYPES,
  DEFAULT_SHIPPING_ADDRESS_TYPE,
  DELIVERY_MODES,
  deliveryModeCode,
  LOCALE_OF_LANGUAGE,
  LOCALES,
  SUPPLIER_PICKUPS,
} from '../../../src/domain/company/companyCodes';

const sets: ReadonlyArray<{
  name: string;
  set: Pick<LabelSet<string>, 'codes' | 'label'>;
  rows: ReadonlyArray<readonly [string, string]>;
}> = [
  {
    name: 'company language',
    set: COMPANY_LANGUAGES,
    rows: [
      ['zh', '中文'],
      ['en', '英文'],
      ['de', '德文'],
    ],
  },
  {
    name: 'locale',
    set: LOCALES,
    rows: [
      ['zh_CN', '中文'],
      ['de_DE', '德文'],
      ['en_US', '英文'],
    ],
  },
  {
    name: 'timezone',
    set: COMPANY_TIMEZONES,
    rows: [
      ['Asia/Shanghai', '中国标准时间（上海）'],
      ['Europe/Berlin', '中欧时间（柏林）'],
    ],
  },
  {
    name: 'company type',
    set: COMPANY_TYPES,
    rows: [
      ['OUT_OF_SYSTEM', '系统外公司'],
      ['BLUE_DIAMOND', '蓝钻'],
      ['YELLOW_DIAMOND', '黄钻'],
      ['ZEROSO', 'ZEROSO'],
    ],
  },
  {
    name: 'supplier pickup',
    set: SUPPLIER_PICKUPS,
    rows: [
      ['UNKNOW', '未知'],
      ['SUPPLIER_DELIVERY', '供应商送货'],
      ['UPS_PICKUP', 'UPS上门取件'],
      ['DHL_PICKUP', 'DHL上门取件'],
    ],
  },
  {
    name: 'delivery mode',
    set: DELIVERY_MODES,
    rows: [
      ['DIRECT', '直发'],
      ['OFFSHORE', '离岸'],
      ['DEMOSTIC', '国内'],
    ],
  },
];

describe.each(sets)('$name labels', ({ set, rows }) => {
  it.each(rows)('%s is %s', (code, label) => expect(set.label(code)).toBe(label));
  it('covers every code exactly once', () => {
    expect(rows.map(([c]) => c).sort()).toEqual([...set.codes].sort());
  });
  it('shows an unknown code as it is', () => expect(set.label('xx')).toBe('xx'));
});

describe('deliveryModeCode', () => {
  it.each([
    ['DEMOSTIC', 3],
    ['OFFSHORE', 2],
    ['DIRECT', 1],
    ['DOMESTIC', 1],
    ['', 1],
    [null, 1],
    [undefined, 1],
  ])('%s → %s', (mode, code) => expect(deliveryModeCode(mode)).toBe(code));
});

describe('other company codes', () => {
  it('maps the form languages to locales', () => {
    expect(LOCALE_OF_LANGUAGE).toEqual({ zh: 'zh_CN', en: 'en_US', de: 'de_DE' });
  });
  it('names the default delivery address type', () => {
    expect(DEFAULT_SHIPPING_ADDRESS_TYPE).toBe('DEFAULT_SHIPPING_GOODS_ADDRESS');
  });
});
