// The route contract (src/contract/api/routes.ts) against the real server on each database: every
// entry of APP_ROUTES is called through the app's own API client with a realistic request, and
// the server's real answer must pass the route's answer schema (the client's INVALID_RESPONSE
// would fail the call). The case table is typed by the registry: a route added without a case
// does not compile. Then a renamed field: the server's real answer with one field renamed is
// refused by the client, for every route whose answer the client reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import type { AnswerOf, Route } from '../../src/contract/api/route';
import { APP_ROUTES, type AppRouteName } from '../../src/contract/api/routes';
import { DOCUMENT_TYPES } from '../../src/domain/files/uploads';
import { type CallOptions, createApiClient } from '../../src/platform/api/apiClient';
import { ApiError } from '../../src/platform/api/apiError';
import { PNG_1X1 } from '../server/account/accountHarness';
import { drivers } from '../support/databases';
import {
  NEW_MOBILE,
  type RoutesWorld,
  startRoutesWorld,
  USER_MOBILE,
  type Who,
} from './routesHarness';

type Routes = typeof APP_ROUTES;

interface Case<K extends AppRouteName> {
  as: Who;
  request(w: RoutesWorld): CallOptions<Routes[K]> | Promise<CallOptions<Routes[K]>>;
  /** What the case checks of the parsed answer beyond its schema, and what it keeps for later. */
  check?(answer: AnswerOf<Routes[K]>, w: RoutesWorld): void;
}

const png = () => {
  const form = new FormData();
  form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'avatar.png');
  return form;
};
const kept = (w: RoutesWorld, key: string) => {
  const value = w.kept.get(key);
  if (typeof value !== 'number') throw new Error(`${key} was not kept by an earlier case`);
  return value;
};
const companyId = (w: RoutesWorld) => w.fx.companies.buyerA;

const ADDRESS = {
  address_type: 'DEFAULT_SHIPPING_GOODS_ADDRESS',
  country: 'CN',
  province: '上海市',
  city: '上海市',
  district: '浦东新区',
  street: '张江路 100 号',
  zip: '201203',
  contacts_name: '李静',
  contacts_phone: '13800000002',
};

/** In the order they run: a case may use what an earlier one kept. */
const cases: { [K in AppRouteName]: Case<K> } = {
  indexPage: {
    as: 'userA',
    request: () => ({}),
    check: (a) => expect(a.menu).toBeTypeOf('string'),
  },
  news: { as: null, request: () => ({ query: { limit: 1 } }) },
  userInfo: {
    as: 'userA',
    request: () => ({}),
    check: (a, w) => expect(a.companies.map((c) => c.company.id)).toEqual([companyId(w)]),
  },
  statistics: { as: 'userA', request: () => ({}) },
  clientReports: {
    as: 'userA',
    request: () => ({
      body: {
        reports: [
          { kind: 'outbox', code: 'PENDING_WHILE_ONLINE', count: 3 },
          { kind: 'storage', code: 'quota', count: 1 },
        ],
      },
    }),
    check: (a) => expect(a.counted).toBe(2),
  },
  brandSearch: {
    as: 'userA',
    request: () => ({ query: { name: 'Siem' } }),
    check: (a) => expect(a.items.map((b) => b.name)).toContain('Siemens'),
  },
  productSearch: {
    as: 'userA',
    request: (w) => ({ query: { productType: '6ES7', brandId: w.fx.brands.logo } }),
    check: (a) => expect(a.items.length).toBeGreaterThan(0),
  },
  sheetSearchForm: {
    as: 'userA',
    request: () => ({ query: { sheetType: 'ALL' } }),
    check: (a) => expect(a.searchList.length).toBeGreaterThan(0),
  },
  orderSearchForm: {
    as: 'userA',
    request: () => ({ query: { orderType: 'ALL' } }),
    check: (a) => expect(a.searchList.map((f) => f.type)).toContain('dateRange'),
  },
  orderDefaultContact: {
    as: 'userA',
    request: (w) => ({ params: { orderId: w.fx.orders.contractSignedA.id } }),
  },
  sheetDefaultContact: {
    as: 'userA',
    request: (w) => ({ params: { sheetId: w.fx.sheets.sentA.id } }),
    check: (a, w) => expect(a?.id).toBe(w.fx.contacts.supplierSales),
  },
  placeOrder: {
    as: 'userA',
    request: (w) => ({ params: { sheetId: w.fx.sheets.repliedA.id } }),
    check: (a) => expect(a.taxed_amount).toBeTypeOf('number'),
  },
  cancelSheet: {
    as: 'userA',
    request: (w) => ({ params: { sheetId: w.fx.sheets.sentA.id }, body: { reason: '价格太高' } }),
    check: (a, w) => expect(a.id).toBe(w.fx.sheets.sentA.id),
  },
  restoreSheet: {
    as: 'userA',
    request: (w) => ({ params: { sheetId: w.fx.sheets.cancelledA.id } }),
  },
  sendInquiry: { as: 'userA', request: (w) => ({ params: { sheetId: w.fx.sheets.draftA.id } }) },
  uploadFile: {
    as: 'userA',
    request: (w) => ({
      query: { documentType: DOCUMENT_TYPES.AVATAR, entityId: String(w.fx.accounts.userA) },
      body: png(),
    }),
    check: (a, w) => {
      expect(a.content_type).toBe('image/png');
      w.kept.set('avatar', a.object_name);
    },
  },
  changeAvatar: {
    as: 'userA',
    request: (w) => ({
      params: { accountId: w.fx.accounts.userA },
      query: { avatar: String(w.kept.get('avatar')) },
    }),
  },
  smsCode: { as: 'userA', request: () => ({ query: { mobile: USER_MOBILE } }) },
  changePassword: {
    as: 'userA',
    request: (w) => ({
      params: { accountId: w.fx.accounts.userA },
      body: { verify_code: w.smsCode(USER_MOBILE, 'PASSWORD'), new_password: 'Neu@2026pw' },
    }),
    check: (a, w) => expect(a.id).toBe(w.fx.accounts.userA),
  },
  registrationImageCode: { as: null, request: () => ({}) },
  registrationSmsCode: {
    as: null,
    request: async (w) => {
      const image = await w.knownImageCode();
      return { body: { mobile: NEW_MOBILE, image_code_id: image.id, image_code: image.answer } };
    },
  },
  register: {
    as: null,
    request: (w) => ({
      body: { name: '孙新', mobile: NEW_MOBILE, verify_code: w.smsCode(NEW_MOBILE, 'REGISTER') },
    }),
  },
  listEmployees: {
    as: 'adminA',
    request: (w) => ({ params: { companyId: companyId(w) } }),
    check: (a, w) => expect(a.items.map((e) => e.id)).toContain(w.fx.contacts.userA),
  },
  searchLoginUsers: {
    as: 'adminA',
    request: (w) => ({ params: { companyId: companyId(w) }, query: { name: '李' } }),
  },
  createEmployee: {
    as: 'adminA',
    request: (w) => ({
      params: { companyId: companyId(w) },
      body: { name: '周新人', gender: 'MALE', mobile: '13800000103', position: '采购' },
    }),
    check: (a, w) => w.kept.set('employee', a.id),
  },
  updateEmployee: {
    as: 'adminA',
    request: (w) => ({
      params: { companyId: companyId(w), employeeId: kept(w, 'employee') },
      body: { name: '周新人', position: '采购主管' },
    }),
    check: (a) => expect(a.position).toBe('采购主管'),
  },
  handOverEmployee: {
    as: 'adminA',
    request: (w) => ({
      params: { companyId: companyId(w), employeeId: kept(w, 'employee') },
      body: { handover_user_id: w.fx.contacts.adminA },
    }),
  },
  restoreEmployee: {
    as: 'adminA',
    request: (w) => ({ params: { companyId: companyId(w), employeeId: kept(w, 'employee') } }),
  },
  deleteEmployee: {
    as: 'adminA',
    request: (w) => ({ params: { companyId: companyId(w), employeeId: w.fx.contacts.departedA } }),
  },
  saveCompanyInfo: {
    as: 'adminA',
    request: (w) => ({ params: { companyId: companyId(w) }, body: { short_name: '甲方' } }),
    check: (a) => expect(a.short_name).toBe('甲方'),
  },
  setCompanyLogo: {
    as: 'adminA',
    request: async (w) => {
      const logo = await w.api.call(APP_ROUTES.uploadFile, {
        query: { documentType: DOCUMENT_TYPES.COMPANY_LOGO, entityId: String(companyId(w)) },
        body: png(),
      });
      return { params: { companyId: companyId(w) }, query: { logo: logo.object_name } };
    },
  },
  createInvoice: {
    as: 'adminA',
    request: (w) => ({
      params: { companyId: companyId(w) },
      body: { tax_code: 'DE123', partner_tax: { invoice_bank_name: 'Deutsche Bank' } },
    }),
    check: (a, w) => w.kept.set('invoice', a.id),
  },
  updateInvoice: {
    as: 'adminA',
    request: (w) => ({
      params: { companyId: companyId(w), invoiceId: kept(w, 'invoice') },
      body: { tax_code: 'DE456', partner_tax: { invoice_bank_name: 'Deutsche Bank' } },
    }),
  },
  createAddress: {
    as: 'adminA',
    request: (w) => ({ params: { companyId: companyId(w) }, body: ADDRESS }),
    check: (a, w) => w.kept.set('address', a.id),
  },
  updateAddress: {
    as: 'adminA',
    request: (w) => ({
      params: { companyId: companyId(w), addressId: kept(w, 'address') },
      body: { ...ADDRESS, street: '张江路 200 号' },
    }),
  },
};

/** The route's call, typed by the case's entry (the table's mapped type ties the two). */
type Call = (route: Route, options: object) => Promise<unknown>;

/** Top-level keys of an answer's data whose renaming the route's schema refuses. */
function reliedOnKeys(route: Route, data: unknown): string[] {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return [];
  return Object.keys(data).filter((key) => {
    const { [key]: value, ...rest } = data as Record<string, unknown>;
    return !z.safeParse(route.answer, { ...rest, [`${key}_renamed`]: value }).success;
  });
}

describe.each(drivers)('every route the app calls, against the server on %s', (driver) => {
  let w: RoutesWorld;
  /** Route → the server's raw data, for the renamed-field checks. */
  const answers = new Map<AppRouteName, unknown>();

  beforeAll(async () => {
    w = await startRoutesWorld(driver);
  });
  afterAll(async () => {
    await w.close();
  });

  it.each(Object.keys(cases) as AppRouteName[])(
    '%s: the real answer passes the client',
    async (name) => {
      const c = cases[name] as Case<AppRouteName>;
      w.as(c.as);
      const options = await c.request(w);
      const call = w.api.call as Call;
      const answer = await call(APP_ROUTES[name], { ...options, quiet: true }).catch(
        (error: unknown) => {
          const detail =
            error instanceof ApiError ? `${error.status} ${error.code}` : String(error);
          throw new Error(`${name}: ${detail} ${JSON.stringify(w.lastData() ?? null)}`);
        },
      );
      answers.set(name, w.lastData());
      (c.check as ((answer: unknown, world: RoutesWorld) => void) | undefined)?.(answer, w);
    },
  );

  it('runs a case for every entry of the registry', () => {
    expect([...answers.keys()].sort()).toEqual(Object.keys(APP_ROUTES).sort());
  });

  it('refuses a real answer with a field renamed, for every route whose answer the app reads', () => {
    const relied = Object.fromEntries(
      [...answers].map(([name, data]) => [name, reliedOnKeys(APP_ROUTES[name], data).length > 0]),
    );
    // Every answer of the cases is an object whose schema needs at least one of its fields (a
    // null answer, e.g. a default contact the server does not name, would show up here).
    const unread = Object.entries(relied)
      .filter(([, refused]) => !refused)
      .map(([name]) => name);
    expect(unread).toEqual([]);
  });

  it('a renamed field in the answer fails the call with INVALID_RESPONSE', async () => {
    const data = answers.get('userInfo') as Record<string, unknown>;
    const { companies, ...rest } = data;
    const renamed = answeringClient({ ...rest, company_list: companies });
    await expect(renamed.call(APP_ROUTES.userInfo, { quiet: true })).rejects.toMatchObject({
      status: 502,
      code: 'INVALID_RESPONSE',
    });
  });
});

/** The app's client over a server that answers `data` to any call. */
function answeringClient(data: unknown) {
  return createApiClient({
    baseUrl: '',
    getToken: async () => 'token',
    companyId: () => 1,
    online: () => true,
    notify: () => undefined,
    onUnauthorized: () => undefined,
    fetch: async () =>
      new Response(JSON.stringify({ data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  });
}
