// Company settings calls (settings-messaging-shared §7 "Partners"): the company, its info with
// the location lock, logo, rebates, follower and bank list; writes for administrators only, each
// one putting the new company row in the sync feed. Invoices and addresses:
// companiesInvoiceAddress.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCompanyRows } from '../../../server/sync/projections/companies';
import { COMPANY_MESSAGES } from '../../../src/domain/company/messages';
import { COMPANY_SETTINGS_MESSAGES as S } from '../../../src/domain/company/settingsMessages';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { drivers } from '../../support/databases';
import { multipart } from '../../support/multipart';
import { type Harness, startHarness } from '../purchasing/ordersHarness';

const P = '/partners-api/v7/companies';
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);

describe.each(drivers)('company settings routes on %s', (driver) => {
  let h: Harness;
  let a: number;
  let a2: number;
  let b: number;

  beforeAll(async () => {
    h = await startHarness(driver);
    ({ a, a2, b } = h.world.companies);
  });
  afterAll(async () => h.close());

  const putCompany = (
    account: 'buyer' | 'colleague' | 'bob',
    company: number,
    payload: Record<string, unknown>,
  ) => h.call(account, { method: 'PUT', url: `${P}/${company}`, company, payload });

  it('answers the current company’s row to a member, 403 for another company', async () => {
    const res = await h.call('buyer', { method: 'GET', url: `${P}/${a}`, company: a });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: a,
      name: '华东机电设备有限公司',
      vip: true,
      invoice: null,
      default_address: null,
    });
    const foreign = await h.call('buyer', { method: 'GET', url: `${P}/${b}`, company: a });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error_message).toBe(COMMON_MESSAGES.NO_PERMISSION);
  });

  it('refuses every write to a member who is not the administrator (403, the spec’s text)', async () => {
    const res = await putCompany('buyer', a, { website: 'www.x.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error_message).toBe(COMMON_MESSAGES.NO_PERMISSION);
    for (const [method, url, payload] of [
      ['PUT', `${P}/${a}/logo?logo=x`, undefined],
      ['POST', `${P}/${a}/invoices`, { tax_code: 'X' }],
      ['PUT', `${P}/${a}/invoices/1`, { tax_code: 'X' }],
      ['POST', `${P}/${a}/addresses`, { country: 'CN' }],
      ['PUT', `${P}/${a}/addresses/1`, { country: 'CN' }],
    ] as const) {
      const refused = await h.call('buyer', { method, url, company: a, payload });
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().error_message).toBe(COMMON_MESSAGES.NO_PERMISSION);
    }
    // An administrator of another company may not write this one either.
    const other = await h.call('buyer', {
      method: 'PUT',
      url: `${P}/${a}`,
      company: a2,
      payload: { website: 'x' },
    });
    expect(other.statusCode).toBe(403);
  });

  it.each([
    [{ email: 'not-an-email' }, COMPANY_MESSAGES.EMAIL_INVALID],
    [{ currency: 'XYZ' }, S.CURRENCY_INVALID],
    [{ language: 'fr' }, S.LANGUAGE_INVALID],
    [{ timezone: 'Asia/Tokyo' }, S.TIMEZONE_INVALID],
    [{ country: 'ZZ' }, S.COUNTRY_INVALID],
    [{ name: '  ' }, S.NAME_REQUIRED],
    [{ country: 'CN', province: '巴伐利亚' }, S.PROVINCE_NOT_IN_COUNTRY],
    [{ country: 'CN', province: '江苏省', city: '杭州市' }, S.CITY_NOT_IN_PROVINCE],
    [{ province: '江苏省' }, S.COUNTRY_INVALID],
    [{ tax_code: 'x'.repeat(51) }, S.TOO_LONG],
  ])('refuses %j with 400 %s and writes nothing', async (payload, message) => {
    const before = await h.call('colleague', { method: 'GET', url: `${P}/${a}`, company: a });
    const res = await putCompany('colleague', a, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message).toBe(message);
    const after = await h.call('colleague', { method: 'GET', url: `${P}/${a}`, company: a });
    expect(after.json().data).toEqual(before.json().data);
  });

  it('saves the company info, puts the new row in the feed and bumps its version', async () => {
    const before = (await loadCompanyRows(h.db.database.db, [a])).get(a);
    const feedBefore = await h.feed(a);
    const cursor = Math.max(0, ...feedBefore.map((c) => c.version));
    const res = await putCompany('colleague', a, {
      name: ' 华东机电设备有限公司 ',
      short_name: '华东',
      website: 'www.hd-jidian.example',
      email: 'buy@hd-jidian.example',
      currency: 'eur',
      language: 'de',
      timezone: 'Europe/Berlin',
      tax_code: '91310000TEST',
    });
    expect(res.statusCode).toBe(200);
    const row = res.json().data;
    expect(row).toMatchObject({
      name: '华东机电设备有限公司',
      short_name: '华东',
      email: 'buy@hd-jidian.example',
      currency: 'EUR',
      language: 'de',
      timezone: 'Europe/Berlin',
      tax_code: '91310000TEST',
    });
    expect(row.version).toBeGreaterThan(Number(before?.version));
    const stored = (await loadCompanyRows(h.db.database.db, [a])).get(a);
    expect(stored).toEqual(row);
    const feed = await h.feed(a, cursor);
    const entry = feed.find((c) => c.tableName === 'companies' && c.rowId === String(a));
    expect(entry?.row).toEqual(row);
    expect(entry?.version).toBeGreaterThan(row.version);
    // Emptying an optional field stores null; an empty email is allowed.
    const cleared = await putCompany('colleague', a, { email: '', short_name: null });
    expect(cleared.json().data).toMatchObject({ email: null, short_name: null });
  });

  it('locks country, province and city once held, each on its own', async () => {
    const first = await putCompany('colleague', a, { country: 'CN', province: '江苏省' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ country: 'CN', province: '江苏省', city: null });
    // The city is still open; the province is not.
    const moved = await putCompany('colleague', a, { province: '浙江省', city: '杭州市' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error_message).toBe(S.LOCATION_LOCKED);
    const city = await putCompany('colleague', a, { city: '苏州市' });
    expect(city.statusCode).toBe(200);
    expect(city.json().data.city).toBe('苏州市');
    for (const payload of [
      { country: 'DE' },
      { city: '南京市' },
      { country: '' },
      { city: null },
    ]) {
      const res = await putCompany('colleague', a, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error_message).toBe(S.LOCATION_LOCKED);
    }
    // Sending the held values again (the whole form) is fine.
    const same = await putCompany('colleague', a, {
      country: 'CN',
      province: '江苏省',
      city: '苏州市',
      website: 'www.again.example',
    });
    expect(same.statusCode).toBe(200);
  });

  it('checks province and city against the lists of US, DE, GB and CH too', async () => {
    const bad = await putCompany('buyer', a2, { country: 'DE', province: 'Bayern', city: 'Köln' });
    expect(bad.json().error_message).toBe(S.CITY_NOT_IN_PROVINCE);
    const good = await putCompany('buyer', a2, {
      country: 'DE',
      province: 'Bayern',
      city: 'München',
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toMatchObject({ country: 'DE', province: 'Bayern', city: 'München' });
  });

  it('sets and replaces the logo with an image the company uploaded', async () => {
    const post = (name: string, content: Buffer, type: string, documentType: string) =>
      h.call('colleague', {
        method: 'POST',
        url: '/api/v7/files',
        query: { documentType },
        company: a,
        ...multipart(name, content, type),
      });
    const upload = async (
      name: string,
      content: Buffer,
      type: string,
      documentType = 'COMPANY_LOGO',
    ) => {
      const res = await post(name, content, type, documentType);
      expect(res.statusCode).toBe(200);
      return res.json().data.object_name as string;
    };
    const logo = await upload('logo.png', PNG, 'image/png');
    const res = await h.call('colleague', {
      method: 'PUT',
      url: `${P}/${a}/logo`,
      query: { logo },
      company: a,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.logo.url).toContain(encodeURIComponent(logo));
    const second = await upload('logo2.png', PNG, 'image/png');
    const replaced = await h.call('colleague', {
      method: 'PUT',
      url: `${P}/${a}/logo`,
      query: { logo: second },
      company: a,
    });
    expect(replaced.json().data.logo.url).toContain(encodeURIComponent(second));
    expect((await h.feed(a)).find((c) => c.tableName === 'companies')?.row).toMatchObject({
      logo: { url: replaced.json().data.logo.url },
    });

    // Not an image: refused as a logo upload, and a file uploaded for something else is not
    // taken as the logo either.
    const refused = await post('notes.txt', Buffer.from('hello'), 'text/plain', 'COMPANY_LOGO');
    expect(refused.statusCode).toBe(415);
    const text = await upload('notes.txt', Buffer.from('hello'), 'text/plain', 'TODO_ATTACHMENT');
    const notImage = await h.call('colleague', {
      method: 'PUT',
      url: `${P}/${a}/logo`,
      query: { logo: text },
      company: a,
    });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error_message).toBe(S.LOGO_NOT_IMAGE);
    const missing = await h.call('colleague', {
      method: 'PUT',
      url: `${P}/${a}/logo`,
      query: { logo: `${a2}/0000/logo.png` },
      company: a,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error_message).toBe(S.LOGO_NOT_FOUND);
  });

  it('answers the VIP rebates in CNY and the follower contact', async () => {
    const rebates = await h.call('buyer', { method: 'GET', url: `${P}/${a}/rebates`, company: a });
    expect(rebates.statusCode).toBe(200);
    expect(rebates.json().data).toMatchObject({ vip: true, currency: 'CNY' });
    const plain = await h.call('buyer', { method: 'GET', url: `${P}/${a2}/rebates`, company: a2 });
    expect(plain.json().data).toMatchObject({ vip: false, amount: null, balance: null });

    const { followerS, salesS } = h.world.contacts;
    const follower = await h.call('buyer', {
      method: 'GET',
      url: `${P}/${a}/follower_contacts/${followerS}`,
      company: a,
    });
    expect(follower.statusCode).toBe(200);
    expect(follower.json().data).toMatchObject({ id: followerS, alias: '周跟单' });
    const notFollower = await h.call('buyer', {
      method: 'GET',
      url: `${P}/${a}/follower_contacts/${salesS}`,
      company: a,
    });
    expect(notFollower.statusCode).toBe(404);
    const foreign = await h.call('bob', {
      method: 'GET',
      url: `${P}/${b}/follower_contacts/${followerS}`,
      company: b,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lists the banks', async () => {
    const res = await h.call('buyer', { method: 'GET', url: `${P}/banks` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((bank: { name: string }) => bank.name)).toContain(
      '中国工商银行',
    );
  });
});
