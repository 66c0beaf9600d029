// Search calls (settings-messaging-shared §7 "Search", purchasing-core §5): the brand and product
// rules, ranking, caps and tenant safety of the lookups.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from '../../../server/db/schema/index';
import { PRODUCT_ENTRY_MESSAGES } from '../../../src/domain/messages/purchasing';
import { drivers } from '../../support/databases';
import { type Harness, startHarness } from '../purchasing/ordersHarness';

type Hit = { id: number; name: string };

describe.each(drivers)('search routes on %s', (driver) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(driver);
  });
  afterAll(async () => h.close());

  const search = (path: string, query: Record<string, string | string[]>, company?: number) =>
    h.call('buyer', { method: 'GET', url: `/api/v7/search/${path}`, query, company });

  describe('brands', () => {
    it('lists only brands with a logo and a checked state, exact match first, then prefixes', async () => {
      const res = await search('brands', { name: '  siemens ' });
      expect(res.statusCode).toBe(200);
      const names = res.json().data.items.map((b: Hit) => b.name);
      expect(names).toEqual(['Siemens', 'Siemens AG Old', 'Tools of Siemens']);
      expect(names).not.toContain('Siemens Nologo');
      expect(names).not.toContain('Siemens Unchecked');
    });

    it('answers the search result fields, with the correct brand of a wrong one', async () => {
      const res = await search('brands', { name: 'Siemens AG' });
      expect(res.json().data.items).toEqual([
        expect.objectContaining({
          id: h.world.brands.siemensOld,
          state: 'NONEXISTENT',
          logo_file: { url: '/logos/s.svg' },
          correct_brand: { id: h.world.brands.siemens, name: 'Siemens' },
          related_brand_list: [],
        }),
      ]);
    });

    it.each([['S'], [' S '], ['']])('refuses %j (under two characters) with 400', async (name) => {
      const res = await search('brands', { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toBe('品牌最少输入两个字符');
    });

    it('treats % and _ literally and caps the answer at 20', async () => {
      const percent = await search('brands', { name: '0%' });
      expect(percent.json().data.items.map((b: Hit) => b.name)).toEqual(['100% Tools']);
      await h.db.database.db
        .insert(brands)
        .values(Array.from({ length: 25 }, (_, i) => ({ name: `Bulk${i}`, logoUrl: '/l.svg' })));
      const many = await search('brands', { name: 'bulk' });
      expect(many.json().data.items).toHaveLength(20);
      const missing = await search('brands', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error_message).toBe('请求参数有误：name');
    });
  });

  describe('products', () => {
    it('finds by model or order number in the searchable states, exact/prefix first', async () => {
      const res = await search('products', { typeArticleNo: '3RT' });
      expect(res.statusCode).toBe(200);
      const hits = res.json().data.items as Array<{ id: number; product_type: string; brand: Hit }>;
      expect(hits.map((p) => p.id)).toEqual(
        expect.arrayContaining([h.world.products.contactor, h.world.products.abbRelay]),
      );
      expect(hits.map((p) => p.id)).not.toContain(h.world.products.drafted);
      expect(hits.find((p) => p.id === h.world.products.contactor)).toMatchObject({
        product_article_no: '3RT20151BB41',
        type_article_no: '3RT2015-1BB41 / 3RT20151BB41',
        state: 'EXIST',
        brand: { id: h.world.brands.siemens, name: 'Siemens' },
      });
    });

    it('narrows by brand and by repeated stateList', async () => {
      const bySiemens = await search('products', {
        productType: '3R',
        brandId: String(h.world.brands.siemens),
      });
      expect(
        bySiemens
          .json()
          .data.items.map((p: Hit) => p.id)
          .sort(),
      ).toEqual([h.world.products.contactor, h.world.products.relay].sort());
      const orderOnly = await search('products', { productType: '3R', stateList: ['ORDER'] });
      expect(orderOnly.json().data.items.map((p: Hit) => p.id)).toEqual([
        h.world.products.abbRelay,
      ]);
      const two = await search('products', {
        productType: '3R',
        stateList: ['ORDER', 'TYPE_ARTICLE_NO_AUDITED'],
      });
      expect(two.json().data.items).toHaveLength(3);
      const byArticle = await search('products', { productArticleNo: 'abb3' });
      expect(byArticle.json().data.items.map((p: Hit) => p.id)).toEqual([
        h.world.products.abbRelay,
      ]);
    });

    it.each([
      [{ typeArticleNo: '继电器' }, PRODUCT_ENTRY_MESSAGES.typeArticleNo.CHINESE_CHARACTERS],
      [{ typeArticleNo: '3' }, PRODUCT_ENTRY_MESSAGES.typeArticleNo.TOO_SHORT],
      [{ productType: '3RT接触' }, PRODUCT_ENTRY_MESSAGES.product.CHINESE_CHARACTERS],
      [{ productArticleNo: ' 3 ' }, PRODUCT_ENTRY_MESSAGES.product.TOO_SHORT],
      [{}, PRODUCT_ENTRY_MESSAGES.product.TOO_SHORT],
    ])('refuses %j with the domain message', async (query, message) => {
      const res = await search('products', query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toBe(message);
    });

    it('refuses a state outside the searchable ones', async () => {
      const res = await search('products', { productType: '3RT', stateList: ['DRAFTED'] });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toMatch(/^请求参数有误：stateList/);
    });
  });

  it('lists the supplier, customer service and the user’s companies, never other buyers', async () => {
    const all = await search('companies', {});
    const ids = all.json().data.items.map((c: Hit) => c.id);
    const { companies } = h.world;
    expect(ids.sort()).toEqual(
      [companies.supplier, companies.service, companies.a, companies.a2].sort(),
    );
    const byName = await search('companies', { name: '南方' });
    expect(byName.json().data.items).toEqual([
      {
        id: companies.a2,
        country: null,
        name: '南方自动化科技有限公司',
        short_name: '南方自动化',
        type: null,
      },
    ]);
    const replacing = await search('companies', { replaceCurrentCompanyId: 'true' });
    expect(replacing.json().data.items.map((c: Hit) => c.id)).not.toContain(companies.a);
  });

  it('finds login users only among the current company’s staff', async () => {
    const byName = await search('login-users', { name: '王' });
    expect(byName.json().data.items).toEqual([
      {
        id: h.world.accounts.buyer,
        name: '王小明',
        username: 'buyer',
        mobile: '13800000001',
        avatar: '/avatars/buyer.png',
      },
    ]);
    const byMobile = await search('login-users', { mobile: '1390' });
    expect(byMobile.json().data.items).toEqual([]);
    const all = await search('login-users', {});
    expect(
      all
        .json()
        .data.items.map((u: Hit) => u.id)
        .sort(),
    ).toEqual([h.world.accounts.buyer, h.world.accounts.colleague, h.world.accounts.leaver].sort());
    const bad = await search('login-users', { mobile: 'abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('looks up banks, HS codes and customs names', async () => {
    const banks = await search('banks', { name: '银行' });
    expect(banks.json().data.items.map((b: Hit) => b.name)).toEqual([
      '中国工商银行',
      '中国银行',
      '招商银行',
    ]);
    const codes = await search('hs-codes', { code: '8536.49', country: 'cn' });
    expect(codes.json().data.items).toEqual([
      expect.objectContaining({ code: '8536.4900', country: 'CN', description: '继电器' }),
    ]);
    const anyCountry = await search('hs-codes', { code: '853649' });
    expect(anyCountry.json().data.total).toBe(2);
    const customs = await search('customs-clearance-names', { name: 'relay' });
    expect(customs.json().data.items).toEqual([
      expect.objectContaining({ chinese_name: '继电器', name: 'Relay' }),
    ]);
    const badCountry = await search('hs-codes', { country: 'China' });
    expect(badCountry.statusCode).toBe(400);
  });

  it('lists in-service contacts of the current company at the spec’s /contancts path', async () => {
    const res = await search('contancts', { name: '王' });
    expect(res.json().data.items.map((c: Hit) => c.id)).toEqual([h.world.contacts.buyerA]);
    const all = await search('contancts', {});
    const ids = all.json().data.items.map((c: Hit) => c.id);
    expect(ids).not.toContain(h.world.contacts.leaverA);
    expect(ids).not.toContain(h.world.contacts.bobB);
    const other = await search('contancts', {}, h.world.companies.a2);
    expect(other.json().data.items.map((c: Hit) => c.id)).toEqual([h.world.contacts.buyerA2]);
  });

  it('refuses every search without a token or for a foreign company', async () => {
    for (const path of [
      'brands?name=ab',
      'products?productType=ab',
      'companies',
      'banks',
      'contancts',
    ]) {
      const anonymous = await h.call(null, { method: 'GET', url: `/api/v7/search/${path}` });
      expect(anonymous.statusCode, path).toBe(401);
      const foreign = await h.call('buyer', {
        method: 'GET',
        url: `/api/v7/search/${path}`,
        company: h.world.companies.b,
      });
      expect(foreign.statusCode, path).toBe(403);
    }
  });
});
