// The accounting and logistics lookups of settings-messaging-shared §7: an invoice by number, its
// log, an outbound order (logistics box) by name and an order's remaining money. Each is seen
// only by a party of it; anything else is 404, bad input 400 naming the field, no token 401.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contacts,
  invoiceLines,
  invoiceLogs,
  invoices,
  logisticsBoxes,
} from '../../../server/db/schema/index';
import { drivers } from '../../support/databases';
import { type Harness, startHarness } from '../purchasing/ordersHarness';

const INVOICE_BASE = '/accounting-api/v7/invoices';
const REMAINING = '/accounting-api/v7/remaining_money';
const outbound = (name: string) => `/logistics-api/v7/outbound_orders/${name}/get_id`;

describe.each(drivers)('accounting and logistics lookups on %s', (driver) => {
  let h: Harness;
  const ids = {
    orderA: 0,
    orderA2: 0,
    orderB: 0,
    invoiceA: 0,
    invoiceB: 0,
    boxA1: 0,
    boxA2: 0,
    boxB1: 0,
  };
  const names = { orderA: 'PO2026ACC0001', orderA2: 'PO2026ACC0002', orderB: 'PO2026ACC0003' };

  async function insertInvoice(
    values: { companyId: number; number: string },
    orderIds: number[],
  ): Promise<number> {
    const db = h.db.database.db;
    const [row] = await db
      .insert(invoices)
      .values({
        supplierCompanyId: h.world.companies.supplier,
        invoiceDate: '2026-02-01',
        taxedAmount: '113.00',
        untaxedAmount: '100.00',
        ...values,
      })
      .returning({ id: invoices.id });
    if (!row) throw new Error('no invoice');
    await db.insert(invoiceLines).values(
      orderIds.map((orderId, i) => ({
        invoiceId: row.id,
        orderId,
        position: i + 1,
        qty: 1,
        priceUnit: '100.00',
        taxedPriceUnit: '113.00',
        amount: '100.00',
        taxedAmount: '113.00',
      })),
    );
    return row.id;
  }

  async function insertBox(orderId: number, boxName: string, position: number): Promise<number> {
    const [row] = await h.db.database.db
      .insert(logisticsBoxes)
      .values({ orderId, boxName, position, state: 'TRANSFERRED' })
      .returning({ id: logisticsBoxes.id });
    if (!row) throw new Error('no box');
    return row.id;
  }

  beforeAll(async () => {
    h = await startHarness(driver);
    const { companies } = h.world;
    ids.orderA = await h.insertOrder({ name: names.orderA, state: 60, unpaidAmount: '123.40' });
    ids.orderA2 = await h.insertOrder({ name: names.orderA2, state: 60, unpaidAmount: null });
    ids.orderB = await h.insertOrder({ name: names.orderB, companyId: companies.b, state: 60 });
    ids.invoiceA = await insertInvoice({ companyId: companies.a, number: '10000001' }, [
      ids.orderA2,
      ids.orderA,
    ]);
    ids.invoiceB = await insertInvoice({ companyId: companies.b, number: '10000002' }, [
      ids.orderB,
    ]);
    // Written out of time order: the answer sorts them.
    await h.db.database.db.insert(invoiceLogs).values([
      {
        invoiceId: ids.invoiceA,
        createTime: '2026-02-03T09:00:00Z',
        location: '上海',
        remark: '已签收',
      },
      {
        invoiceId: ids.invoiceA,
        createTime: '2026-02-01T02:00:00Z',
        location: null,
        remark: '发票已开具',
      },
      {
        invoiceId: ids.invoiceA,
        createTime: '2026-02-02T05:30:00Z',
        location: '苏州',
        remark: '已寄出',
      },
      {
        invoiceId: ids.invoiceB,
        createTime: '2026-02-02T05:30:00Z',
        location: '北京',
        remark: '已寄出',
      },
    ]);
    ids.boxA1 = await insertBox(ids.orderA, `${names.orderA}-1`, 1);
    ids.boxA2 = await insertBox(ids.orderA, `${names.orderA}-2`, 2);
    ids.boxB1 = await insertBox(ids.orderB, 'SHARED-BOX-B', 1);
    // bob (company b) also works for the supplier: the issuer's side of the invoices.
    await h.db.database.db
      .insert(contacts)
      .values({ companyId: companies.supplier, accountId: h.world.accounts.bob, name: '张北' });
  });
  afterAll(async () => {
    await h?.close();
  });

  describe('GET /accounting-api/v7/invoices/invoice_number/{name}', () => {
    const byNumber = (number: string) => `${INVOICE_BASE}/invoice_number/${number}`;

    it('answers the id of the customer’s invoice and the orders it names', async () => {
      const res = await h.call('buyer', { method: 'GET', url: byNumber('10000001') });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: { id: ids.invoiceA, order_ids: [ids.orderA, ids.orderA2].sort((x, y) => x - y) },
      });
    });

    it('lets the issuing supplier find its invoices of every customer', async () => {
      for (const [number, id] of [
        ['10000001', ids.invoiceA],
        ['10000002', ids.invoiceB],
      ] as const) {
        const res = await h.call('bob', {
          method: 'GET',
          url: byNumber(number),
          company: h.world.companies.supplier,
        });
        expect(res.json().data.id).toBe(id);
      }
    });

    it('answers 404 发票不存在 for another company’s invoice and an unknown number', async () => {
      for (const [account, company, number] of [
        ['buyer', h.world.companies.a, '10000002'],
        ['buyer', h.world.companies.a2, '10000001'],
        ['bob', h.world.companies.b, '10000001'],
        ['buyer', h.world.companies.a, '99999999'],
      ] as const) {
        const res = await h.call(account, { method: 'GET', url: byNumber(number), company });
        expect(res.statusCode, `${account} ${number}`).toBe(404);
        expect(res.json()).toEqual({ error_code: 'NOT_FOUND', error_message: '发票不存在' });
      }
    });

    it('refuses a number over 64 characters with 400', async () => {
      const res = await h.call('buyer', { method: 'GET', url: byNumber('9'.repeat(65)) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toBe('请求参数有误：name');
    });
  });

  describe('GET /accounting-api/v7/invoices/{id}/logs', () => {
    const logs = (id: number | string) => `${INVOICE_BASE}/${id}/logs`;

    it('answers the log oldest first as routes of create_time, location, remark', async () => {
      const res = await h.call('buyer', { method: 'GET', url: logs(ids.invoiceA) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: {
          routes: [
            { create_time: '2026-02-01T02:00:00.000Z', location: null, remark: '发票已开具' },
            { create_time: '2026-02-02T05:30:00.000Z', location: '苏州', remark: '已寄出' },
            { create_time: '2026-02-03T09:00:00.000Z', location: '上海', remark: '已签收' },
          ],
        },
      });
    });

    it('shows the same log to the supplier who issued the invoice', async () => {
      const res = await h.call('bob', {
        method: 'GET',
        url: logs(ids.invoiceA),
        company: h.world.companies.supplier,
      });
      expect(res.json().data.routes).toHaveLength(3);
    });

    it('answers 404 for another company’s invoice and an unknown id', async () => {
      for (const id of [ids.invoiceB, ids.invoiceB + 1000]) {
        const res = await h.call('buyer', { method: 'GET', url: logs(id) });
        expect(res.statusCode).toBe(404);
        expect(res.json().error_message).toBe('发票不存在');
      }
    });

    it('refuses an id that is not a positive safe integer with 400', async () => {
      for (const id of ['0', '-1', '1.5', 'abc', '9007199254740992', '1'.repeat(30)]) {
        const res = await h.call('buyer', { method: 'GET', url: logs(id) });
        expect(res.statusCode, id).toBe(400);
        expect(res.json().error_message, id).toBe('请求参数有误：id');
      }
    });
  });

  describe('GET /logistics-api/v7/outbound_orders/{name}/get_id', () => {
    it('answers the id of the company’s box of that name', async () => {
      for (const [position, id] of [
        [1, ids.boxA1],
        [2, ids.boxA2],
      ] as const) {
        const res = await h.call('buyer', {
          method: 'GET',
          url: outbound(`${names.orderA}-${position}`),
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ data: { id } });
      }
      const bob = await h.call('bob', {
        method: 'GET',
        url: outbound('SHARED-BOX-B'),
        company: h.world.companies.b,
      });
      expect(bob.json()).toEqual({ data: { id: ids.boxB1 } });
    });

    it('answers 404 出库单不存在 for another company’s box and an unknown name', async () => {
      for (const [account, company, name] of [
        ['buyer', h.world.companies.a, 'SHARED-BOX-B'],
        ['bob', h.world.companies.b, `${names.orderA}-1`],
        ['buyer', h.world.companies.a2, `${names.orderA}-1`],
        ['buyer', h.world.companies.a, `${names.orderA}-3`],
      ] as const) {
        const res = await h.call(account, { method: 'GET', url: outbound(name), company });
        expect(res.statusCode, `${account} ${name}`).toBe(404);
        expect(res.json()).toEqual({ error_code: 'NOT_FOUND', error_message: '出库单不存在' });
      }
    });

    it('refuses a name over 64 characters with 400', async () => {
      const res = await h.call('buyer', { method: 'GET', url: outbound('B'.repeat(65)) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toBe('请求参数有误：name');
    });
  });

  describe('GET /accounting-api/v7/remaining_money', () => {
    const ask = (
      query: Record<string, string>,
      account: 'buyer' | 'bob' = 'buyer',
      company?: number,
    ) => h.call(account, { method: 'GET', url: REMAINING, query, company });
    const partiesOfA = () => ({
      supplier_company_id: String(h.world.companies.supplier),
      customer_company_id: String(h.world.companies.a),
    });

    it('answers the order’s unpaid amount to its customer and to its supplier', async () => {
      const query = { order_name: names.orderA, ...partiesOfA() };
      const buyer = await ask(query);
      expect(buyer.statusCode).toBe(200);
      expect(buyer.json()).toEqual({ data: { remaining_money: 123.4 } });
      const supplier = await ask(query, 'bob', h.world.companies.supplier);
      expect(supplier.json()).toEqual({ data: { remaining_money: 123.4 } });
    });

    it('answers null when the order has no unpaid amount yet', async () => {
      const res = await ask({ order_name: names.orderA2, ...partiesOfA() });
      expect(res.json()).toEqual({ data: { remaining_money: null } });
    });

    it('answers 404 订单不存在 unless the order is of those parties and the company is one', async () => {
      const { supplier, a, b, service } = h.world.companies;
      const cases: Array<[Record<string, string>, 'buyer' | 'bob', number]> = [
        // Another company's order, asked with its true parties by a company that is neither.
        [
          {
            order_name: names.orderB,
            supplier_company_id: String(supplier),
            customer_company_id: String(b),
          },
          'buyer',
          a,
        ],
        // The own order named with a wrong supplier or customer.
        [
          { ...partiesOfA(), order_name: names.orderA, supplier_company_id: String(service) },
          'buyer',
          a,
        ],
        [{ ...partiesOfA(), order_name: names.orderA, customer_company_id: String(b) }, 'bob', b],
        // Company b names a's order with a's parties: b is not one of them.
        [{ ...partiesOfA(), order_name: names.orderA }, 'bob', b],
        [{ ...partiesOfA(), order_name: 'PO-NONE' }, 'buyer', a],
      ];
      for (const [query, account, company] of cases) {
        const res = await ask(query, account, company);
        expect(res.statusCode, JSON.stringify(query)).toBe(404);
        expect(res.json()).toEqual({ error_code: 'NOT_FOUND', error_message: '订单不存在' });
      }
    });

    it('refuses a missing or bad parameter with 400 naming it', async () => {
      const full = { order_name: names.orderA, ...partiesOfA() };
      const cases: Array<[Record<string, string>, string]> = [
        [
          {
            supplier_company_id: full.supplier_company_id,
            customer_company_id: full.customer_company_id,
          },
          'order_name',
        ],
        [
          { order_name: full.order_name, customer_company_id: full.customer_company_id },
          'supplier_company_id',
        ],
        [
          { order_name: full.order_name, supplier_company_id: full.supplier_company_id },
          'customer_company_id',
        ],
        [{ ...full, order_name: '' }, 'order_name'],
        [{ ...full, order_name: 'P'.repeat(65) }, 'order_name'],
        [{ ...full, supplier_company_id: 'abc' }, 'supplier_company_id'],
        [{ ...full, supplier_company_id: '0' }, 'supplier_company_id'],
        [{ ...full, customer_company_id: '1.5' }, 'customer_company_id'],
        [{ ...full, customer_company_id: '99999999999999999999' }, 'customer_company_id'],
      ];
      for (const [query, field] of cases) {
        const res = await ask(query);
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.json()).toEqual({
          error_code: 'INVALID_INPUT',
          error_message: `请求参数有误：${field}`,
        });
      }
    });
  });

  it('answers 401 without a token on every lookup', async () => {
    const remaining = {
      order_name: names.orderA,
      supplier_company_id: String(h.world.companies.supplier),
      customer_company_id: String(h.world.companies.a),
    };
    for (const [url, query] of [
      [`${INVOICE_BASE}/invoice_number/10000001`, {}],
      [`${INVOICE_BASE}/${ids.invoiceA}/logs`, {}],
      [outbound(`${names.orderA}-1`), {}],
      [REMAINING, remaining],
    ] as const) {
      const res = await h.call(null, { method: 'GET', url, query });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error_code).toBe('UNAUTHORIZED');
    }
  });
});
