// The shell's small calls: exchange rates, module resolution, the index page, a sheet's list
// position and the public news list.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sheets } from '../../../server/db/schema/index';
import { exchangeRate, STATIC_RATES_IN_CNY } from '../../../server/routes/shellCalls';
import { CURRENCIES } from '../../../src/domain/format/currency';
import { drivers } from '../../support/databases';
import { type Harness, insertSheet, startHarness } from '../purchasing/ordersHarness';

describe.each(drivers)('misc routes on %s', (driver) => {
  let h: Harness;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await startHarness(driver);
    const t = (day: number) => new Date(Date.UTC(2026, 1, day)).toISOString();
    ids.draft = await insertSheet(h, { name: 'XJ-M-1', state: 'DRAFT', createTime: t(1) });
    ids.replied = await insertSheet(h, {
      name: 'XJ-M-2',
      state: 'QUOTATION_SENT',
      createTime: t(2),
    });
    ids.ordered = await insertSheet(h, {
      name: 'XJ-M-3',
      state: 'CONTRACT_SIGNED',
      createTime: t(3),
    });
    ids.inquired = await insertSheet(h, {
      name: 'XJ-M-4',
      state: 'INQUIRY_SENT',
      createTime: t(4),
    });
    ids.order = await h.insertOrder({ state: 10, sheetId: ids.ordered, name: 'PO-M-1' });
    // The sheet links its order, as signing the contract does.
    await h.db.database.db
      .update(sheets)
      .set({ orderId: ids.order })
      .where(eq(sheets.id, ids.ordered));
    ids.foreignSheet = await insertSheet(h, { name: 'XJ-M-B', companyId: h.world.companies.b });
  });
  afterAll(async () => h.close());

  const get = (url: string, query: Record<string, string> = {}, company?: number) =>
    h.call('buyer', { method: 'GET', url, query, company });

  it('answers static rates for the twelve offered currencies', async () => {
    const res = await get('/api/v7/currencies', { baseCurrency: 'EUR' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ base_currency: 'EUR', static: true });
    expect(data.rates.map((r: { currency: string }) => r.currency)).toEqual([...CURRENCIES]);
    expect(data.rates.find((r: { currency: string }) => r.currency === 'EUR').rate).toBe(1);
    expect(data.rates.find((r: { currency: string }) => r.currency === 'CNY')).toEqual({
      currency: 'CNY',
      name: '人民币',
      rate: STATIC_RATES_IN_CNY.EUR,
    });
    const cny = await get('/api/v7/currencies');
    expect(cny.json().data.base_currency).toBe('CNY');
    const bad = await get('/api/v7/currencies', { baseCurrency: 'XAU' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_message).toBe('请求参数有误：baseCurrency');
  });

  it('keeps rates consistent both ways', () => {
    for (const a of CURRENCIES) {
      for (const b of CURRENCIES) expect(exchangeRate(a, b) * exchangeRate(b, a)).toBeCloseTo(1, 4);
    }
  });

  describe('module of an id', () => {
    const resolve = (id: string, company?: number) =>
      get('/api/v7/modules/resolve', { id }, company);

    it('reads a sheet id as the sheet, and a sheet with an order as that order', async () => {
      expect((await resolve(String(ids.draft))).json().data).toEqual({
        module: 'INQUERY_QUOTATION_SHEET',
        id: ids.draft,
      });
      expect((await resolve(String(ids.ordered))).json().data).toEqual({
        module: 'ORDER',
        id: ids.order,
      });
    });

    it('reads purchase and order numbers', async () => {
      expect((await resolve('XJ-M-2')).json().data).toEqual({
        module: 'INQUERY_QUOTATION_SHEET',
        id: ids.replied,
      });
      expect((await resolve('PO-M-1')).json().data).toEqual({ module: 'ORDER', id: ids.order });
    });

    it('answers 404 for another company’s ids and unknown ones, 400 for junk', async () => {
      expect((await resolve('XJ-M-B')).statusCode).toBe(404);
      expect((await resolve('999999999')).statusCode).toBe(404);
      expect((await resolve('a b')).statusCode).toBe(400);
    });
  });

  it('lands on ALL without unread quotes and on REPLIED once one arrives', async () => {
    expect((await get('/index')).json()).toEqual({ data: { menu: 'ALL' } });
    const unread = await insertSheet(h, {
      name: 'XJ-M-5',
      state: 'INQUIRY_REPLIED',
      createTime: '2026-01-15T00:00:00Z',
    });
    expect((await get('/index')).json()).toEqual({ data: { menu: 'REPLIED' } });
    // Company isolation: the other company of the user has nothing unread.
    expect((await get('/index', {}, h.world.companies.a2)).json()).toEqual({
      data: { menu: 'ALL' },
    });
    ids.unread = unread;
  });

  it('gives a sheet’s position in its purchase list (newest first)', async () => {
    const all = await get(`/inquiry-quotation/${ids.draft}/index`);
    expect(all.statusCode).toBe(200);
    // Newer in A: inquired (4th), ordered (3rd), replied (2nd), then the draft; the unread one is older.
    expect(all.json().data).toEqual({
      id: ids.draft,
      sheetType: 'ALL',
      index: 3,
      pageNumber: 1,
      indexInPage: 3,
      total: 5,
    });
    const inquiry = await get(`/inquiry-quotation/${ids.draft}/index`, { sheetType: 'INQUIRY' });
    expect(inquiry.json().data).toMatchObject({ index: 1, total: 2 });
    const elsewhere = await get(`/inquiry-quotation/${ids.draft}/index`, { sheetType: 'SIGNED' });
    expect(elsewhere.json().data).toMatchObject({ index: null, total: 0 });
    expect((await get(`/inquiry-quotation/${ids.foreignSheet}/index`)).statusCode).toBe(404);
    expect(
      (await get(`/inquiry-quotation/${ids.draft}/index`, { sheetType: 'NONE' })).statusCode,
    ).toBe(400);
  });

  it('serves the news newest first without a token', async () => {
    const res = await h.call(null, { method: 'GET', url: '/api/v7/news', company: null });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as Array<{ title: string; url: string }>;
    expect(items.map((n) => n.title)).toEqual(['VIP 会员优惠', '旧闻']);
    expect(items[0]?.url).toBe('https://example.com/vip');
    const one = await h.call(null, {
      method: 'GET',
      url: '/api/v7/news',
      query: { limit: '1' },
      company: null,
    });
    expect(one.json().data.items).toHaveLength(1);
  });

  it('refuses the company-scoped calls without a token', async () => {
    for (const url of ['/api/v7/currencies', '/index', '/api/v7/modules/resolve?id=1']) {
      expect((await h.call(null, { method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
