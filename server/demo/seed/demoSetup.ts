// The demo's fixed ground: companies, staff and accounts (parties.ts), the catalogue (catalog.ts)
// and the reference lists the search endpoints answer (banks with 中国工商银行 as id 4, HS codes,
// customs trade names, news with a VIP promotion first). Ids are reserved from the tables' own
// sequences in declaration order, so a fresh database always gets the same ids.

import { PRODUCT_SEARCH_STATES } from '../../../src/domain/catalog/productLabels';
import { trimEndWhile } from '../../../src/domain/format/text';
import type { Tx } from '../../db/database';
import {
  accounts,
  banks,
  brands,
  companies,
  contacts,
  customsNames,
  hsCodes,
  news,
  products,
} from '../../db/schema/index';
import type { VipCompany } from '../../purchasing/sheetVip';
import {
  BANKS,
  BRANDS,
  brandLogoUrl,
  brandUrlPath,
  PRODUCT_KINDS,
  productUrlPath,
} from './catalog';
import type { CatalogBrand, Person } from './documents';
import { DEMO_COMPANIES, DEMO_STAFF, uniqueMobile } from './parties';
import { listPrice, PRODUCTS } from './products';
import type { Random } from './random';
import { insertAll, moveSequencePast, reserveIds } from './store';
import { DAY_MS, shanghaiDay } from './timeline';

export type SeededStaff = Person & { key: string; companyId: number; inService: boolean };

export type SeededParties = {
  companyIds: Map<string, number>;
  staff: Map<string, SeededStaff>;
  vip: Map<number, VipCompany>;
  accountIds: Map<string, number>;
};

/** Companies, accounts (password hashes by username) and staff. */
export async function insertParties(
  tx: Tx,
  rng: Random,
  anchorMs: number,
  hashes: ReadonlyMap<string, string>,
): Promise<SeededParties> {
  const allocated = await reserveIds(tx, 'companies', DEMO_COMPANIES.filter((c) => !c.id).length);
  const companyIds = new Map<string, number>();
  for (const company of DEMO_COMPANIES) {
    companyIds.set(company.key, company.id ?? allocated.shift() ?? 0);
  }
  const contactIds = await reserveIds(tx, 'contacts', DEMO_STAFF.length);
  const staffIds = new Map(DEMO_STAFF.map((s, i) => [s.key, contactIds[i] ?? 0]));
  const usernames = [...hashes.keys()];
  const accountIdList = await reserveIds(tx, 'accounts', usernames.length);
  const accountIds = new Map(usernames.map((u, i) => [u, accountIdList[i] ?? 0]));
  const mobiles = new Set<string>();
  const mobileOf = new Map(DEMO_STAFF.map((s) => [s.key, uniqueMobile(() => rng.next(), mobiles)]));

  const vip = new Map<number, VipCompany>();
  await insertAll(
    tx,
    companies,
    DEMO_COMPANIES.map((c) => {
      const id = companyIds.get(c.key) ?? 0;
      const terms = c.vip
        ? {
            vip: true,
            vipStartDate: shanghaiDay(anchorMs - c.vip.startDaysAgo * DAY_MS),
            vipEndDate: shanghaiDay(anchorMs + c.vip.endDaysAhead * DAY_MS),
            rebateBalance: c.vip.rebateBalance,
          }
        : null;
      if (terms) vip.set(id, terms);
      return {
        id,
        role: c.role,
        name: c.name,
        shortName: c.shortName,
        type: c.type,
        level: c.level,
        website: c.website,
        email: c.email,
        country: 'CN',
        province: c.province,
        city: c.city,
        taxCode: c.taxCode,
        vip: terms !== null,
        vipStartDate: terms?.vipStartDate ?? null,
        vipEndDate: terms?.vipEndDate ?? null,
        rebateAmount: c.vip?.rebateAmount ?? null,
        rebateBalance: c.vip?.rebateBalance ?? null,
        followerContactId: c.follower ? (staffIds.get(c.follower) ?? null) : null,
        permissions: c.permissions,
        createdAt: new Date(anchorMs - 720 * DAY_MS),
      };
    }),
  );
  await moveSequencePast(tx, 'companies');

  const firstStaffOf = new Map<string, string>();
  for (const s of DEMO_STAFF)
    if (s.username && !firstStaffOf.has(s.username)) firstStaffOf.set(s.username, s.key);
  await insertAll(
    tx,
    accounts,
    usernames.map((username) => {
      const staffKey = firstStaffOf.get(username);
      const staff = DEMO_STAFF.find((s) => s.key === staffKey);
      return {
        id: accountIds.get(username) ?? 0,
        username,
        passwordHash: hashes.get(username) ?? '',
        name: staff?.name ?? '何静',
        mobile: staffKey
          ? (mobileOf.get(staffKey) ?? null)
          : uniqueMobile(() => rng.next(), mobiles),
        createdAt: new Date(anchorMs - 400 * DAY_MS),
      };
    }),
  );

  const staff = new Map<string, SeededStaff>();
  await insertAll(
    tx,
    contacts,
    DEMO_STAFF.map((s, index) => {
      const id = staffIds.get(s.key) ?? 0;
      const companyId = companyIds.get(s.company) ?? 0;
      const company = DEMO_COMPANIES.find((c) => c.key === s.company);
      const domain = company?.email?.split('@')[1] ?? 'example.com';
      staff.set(s.key, {
        key: s.key,
        id,
        name: s.name,
        companyId,
        inService: s.status !== 'DEPART',
      });
      return {
        id,
        companyId,
        accountId: s.username ? (accountIds.get(s.username) ?? null) : null,
        name: s.name,
        gender: s.gender,
        mobile: mobileOf.get(s.key) ?? null,
        phone: s.phone ?? null,
        email: `${trimEndWhile(s.key, (c) => c >= '0' && c <= '9')}@${domain}`,
        position: s.position,
        status: s.status ?? 'IN_SERVICE',
        isAdmin: s.isAdmin === true,
        visibility: 'INTERNAL',
        birthday: `${rng.int(1972, 1999)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
        comment: s.status === 'DEPART' ? '已离职，工作已交接' : null,
        language: 'zh_CN',
        // Not drawn from rng: the rest of the seed stays as it was. Every company is in CN, so
        // an administrator's 中国工商银行 account carries the spec's bank id 4.
        qq: String(1_000_000 + index * 7_919),
        ...(s.isAdmin === true && {
          bankAccountName: s.name,
          bankAccountNumber: `6222 0212 0000 ${String(1_000 + index)}`,
          bankCode: '4',
          bankName: '中国工商银行',
        }),
        createdAt: new Date(anchorMs - rng.int(100, 700) * DAY_MS),
      };
    }),
  );
  return { companyIds, staff, vip, accountIds };
}

/** Brands and products; answers the brands buyers order from, with their orderable products. */
export async function insertCatalog(tx: Tx): Promise<CatalogBrand[]> {
  const brandIdList = await reserveIds(tx, 'brands', BRANDS.length);
  const brandIds = new Map(BRANDS.map((b, i) => [b.slug, brandIdList[i] ?? 0]));
  await insertAll(
    tx,
    brands,
    BRANDS.map((b) => ({
      id: brandIds.get(b.slug) ?? 0,
      name: b.name,
      country: b.country,
      state: b.state,
      grade: b.grade,
      agencyType: b.agencyType,
      comment: b.comment ?? null,
      logoUrl: b.logo ? brandLogoUrl(b.logo) : null,
      urlPath: brandUrlPath(b.slug),
      isPublished: b.published ?? true,
      correctBrandId: b.correct ? (brandIds.get(b.correct) ?? null) : null,
    })),
  );
  const entries = BRANDS.flatMap((b) => (PRODUCTS[b.slug] ?? []).map((p) => ({ slug: b.slug, p })));
  const productIdList = await reserveIds(tx, 'products', entries.length);
  const productIds = new Map(entries.map((e, i) => [e.p[1], productIdList[i] ?? 0]));
  const rows = entries.map(({ slug, p }, i) => {
    const [model, articleNo, description, , kind, options = {}] = p;
    const customs = PRODUCT_KINDS[kind];
    return {
      id: productIds.get(articleNo) ?? 0,
      brandId: brandIds.get(slug) ?? 0,
      productType: model,
      productArticleNo: articleNo,
      shortDescription: description,
      state: options.state ?? 'EXIST',
      auditState:
        options.audit ?? PRODUCT_SEARCH_STATES[i % PRODUCT_SEARCH_STATES.length] ?? 'ORDER',
      correctProductId: options.correct ? (productIds.get(options.correct) ?? null) : null,
      urlPath: options.state === 'NONEXISTENT' ? null : productUrlPath(slug, articleNo),
      tariff: customs.tariff,
      isCcc: options.ccc === true,
      customsName: customs.chinese,
      hsCode: customs.hs,
    };
  });
  await insertAll(tx, products, rows);

  return BRANDS.filter((b) => b.state === 'EXIST' && !b.correct).map((b) => ({
    id: brandIds.get(b.slug) ?? null,
    name: b.name,
    products: rows
      .filter(
        (r) => r.brandId === brandIds.get(b.slug) && r.state === 'EXIST' && !r.correctProductId,
      )
      .map((r) => ({
        id: r.id,
        model: r.productType,
        articleNo: r.productArticleNo,
        description: r.shortDescription,
        isCcc: r.isCcc,
        urlPath: r.urlPath,
        tariff: r.tariff,
        price: listPrice(r.productArticleNo),
      })),
  }));
}

const NEWS = [
  ['VIP会员专享：下单即可使用返利抵扣，最高抵扣订单金额的5%', '/news/vip-rebate'],
  ['西门子 S7-1200 系列部分型号价格调整通知', '/news/siemens-s7-1200-price'],
  ['春节期间发货安排及客服值班时间', '/news/spring-festival-shipping'],
  ['新品上架：易格斯 drylin 直线导轨全系列现货', '/news/igus-drylin'],
] as const;

/** Banks (explicit ids: 中国工商银行 must be 4), HS codes, customs trade names and news. */
export async function insertReference(tx: Tx, anchorMs: number): Promise<void> {
  await insertAll(
    tx,
    banks,
    BANKS.map((name, i) => ({ id: i + 1, name })),
  );
  await moveSequencePast(tx, 'banks');
  const kinds = Object.values(PRODUCT_KINDS);
  const codes = [...new Map(kinds.map((k) => [k.hs, k.chinese])).entries()];
  await insertAll(tx, hsCodes, [
    ...codes.map(([code, description]) => ({ code, country: 'CN', description })),
    ...codes.map(([code, description]) => ({ code: code.slice(0, 8), country: 'DE', description })),
  ]);
  const names = [...new Map(kinds.map((k) => [k.chinese, k.english])).entries()];
  await insertAll(
    tx,
    customsNames,
    names.map(([chineseName, name]) => ({ chineseName, name })),
  );
  await insertAll(
    tx,
    news,
    NEWS.map(([title, url], i) => ({
      title,
      url,
      publishedAt: new Date(anchorMs - (i + 1) * 3 * DAY_MS),
      sortOrder: i,
    })),
  );
}
