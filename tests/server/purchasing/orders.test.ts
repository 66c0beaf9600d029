// The order list, detail and lookups of purchasing-core §2.5, §7.1: tabs, filters, sorting,
// company isolation and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TAB_INFO, ORDER_TABS, orderInTab } from '../../../src/domain/orders/orderTabs';
import { drivers } from '../../support/databases';
import { type Harness, startHarness } from './ordersHarness';

type ListItem = {
  id: number;
  name: string;
  state: number;
  order_base_state: string | null;
  brand_name: string;
  supplier_node: { invoice_state: string; taxed_amount: number | null };
  create_time: string;
};

describe.each(drivers)('order list and detail on %s', (driver) => {
  let h: Harness;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await startHarness(driver);
    const t = (day: number) => new Date(Date.UTC(2026, 0, day, 4)).toISOString();
    ids.signedPaid = await h.insertOrder({
      state: 10,
      brandName: 'ABB',
      taxedAmount: '50.00',
      createTime: t(1),
    });
    ids.enforced = await h.insertOrder({ state: 20, taxedAmount: '300.00', createTime: t(2) });
    ids.placed = await h.insertOrder({
      state: 30,
      brandName: 'Omron',
      taxedAmount: null,
      createTime: t(3),
    });
    ids.confirmed = await h.insertOrder({ state: 40, taxedAmount: '900.00', createTime: t(4) });
    ids.partialInvoiced = await h.insertOrder({
      state: 55,
      invoiceState: 'PARTIAL',
      createTime: t(5),
    });
    ids.fullyInvoiced = await h.insertOrder({
      state: 75,
      invoiceState: 'INVOICE',
      createTime: t(6),
    });
    ids.signed = await h.insertOrder({ state: 90, invoiceState: 'INVOICE', createTime: t(7) });
    ids.cancelRequested = await h.insertOrder({ state: -10, createTime: t(8) });
    ids.cancelled = await h.insertOrder({ state: -20, baseState: 'CANCELLED', createTime: t(9) });
    // A cancelled base state with a progress code still counts as cancelled.
    ids.cancelledAt40 = await h.insertOrder({
      state: 40,
      baseState: 'CANCELLED',
      createTime: t(10),
    });
    ids.foreign = await h.insertOrder({
      companyId: h.world.companies.b,
      state: 10,
      createTime: t(11),
    });
  });
  afterAll(async () => h.close());

  const list = async (query: Record<string, string>, company?: number) => {
    const res = await h.call('buyer', {
      method: 'GET',
      url: '/orders-api/v7/orders',
      query,
      company,
    });
    return { res, body: res.json() as { data: { items: ListItem[]; total: number } } };
  };

  it('lists only the current company’s orders, newest first, with the list fields', async () => {
    const { res, body } = await list({});
    expect(res.statusCode).toBe(200);
    const names = body.data.items.map((o) => o.id);
    expect(body.data.total).toBe(10);
    expect(names).not.toContain(ids.foreign);
    expect(names[0]).toBe(ids.cancelledAt40);
    expect(names.at(-1)).toBe(ids.signedPaid);
    const item = body.data.items.find((o) => o.id === ids.partialInvoiced);
    expect(item).toMatchObject({
      state: 55,
      order_base_state: null,
      supplier_node: { invoice_state: 'PARTIAL', inbound_state: 'NO_RECEIPT', currency: 'CNY' },
    });
    expect(item).toHaveProperty('forecast_receive_date');
    expect(item).toHaveProperty('write_time');
  });

  it.each(ORDER_TABS)('tab %s holds exactly the orders orderInTab accepts', async (tab) => {
    const all = (await list({ pageSize: '500' })).body.data.items;
    const expected = all
      .filter((o) => orderInTab(tab, o))
      .map((o) => o.id)
      .sort();
    const { body } = await list({ orderType: tab, pageSize: '500' });
    expect(body.data.items.map((o) => o.id).sort()).toEqual(expected);
    expect(body.data.total).toBe(expected.length);
  });

  it('puts cancelled orders only under CANCELLED and ALL, and fully invoiced ones out of 待收票', async () => {
    const cancelled = (await list({ orderType: 'CANCELLED' })).body.data.items.map((o) => o.id);
    expect(cancelled.sort()).toEqual(
      [ids.cancelRequested, ids.cancelled, ids.cancelledAt40].sort(),
    );
    const receiving = (await list({ orderType: 'CARGO_RECEIVING' })).body.data.items.map(
      (o) => o.id,
    );
    expect(receiving).not.toContain(ids.cancelledAt40);
    expect(receiving).toContain(ids.confirmed);
    const invoice = (await list({ orderType: 'INVOICE_RECEIVING' })).body.data.items.map(
      (o) => o.id,
    );
    expect(invoice).toContain(ids.partialInvoiced);
    expect(invoice).not.toContain(ids.fullyInvoiced);
    expect(invoice).not.toContain(ids.signed);
  });

  it('pages with pageSize and pageNumber and keeps the total', async () => {
    const first = (await list({ pageSize: '3', pageNumber: '1' })).body.data;
    const second = (await list({ pageSize: '3', pageNumber: '2' })).body.data;
    expect(first.items).toHaveLength(3);
    expect(second.items).toHaveLength(3);
    expect(first.total).toBe(10);
    expect(new Set([...first.items, ...second.items].map((o) => o.id)).size).toBe(6);
  });

  it.each([
    ['brand', 'asc', (o: ListItem) => o.brand_name],
    ['name', 'desc', (o: ListItem) => o.name],
    ['create_time', 'asc', (o: ListItem) => o.create_time],
  ] as const)('sorts by %s %s', async (key, order, pick) => {
    const { body } = await list({ 'orderItems[0].orderBy': key, 'orderItems[0].order': order });
    const values = body.data.items.map(pick);
    const sorted = [...values].sort();
    expect(values).toEqual(order === 'asc' ? sorted : sorted.reverse());
  });

  it('sorts by supplier_taxed_amount with missing amounts last', async () => {
    const { body } = await list({
      'orderItems[0].orderBy': 'supplier_taxed_amount',
      'orderItems[0].order': 'desc',
    });
    const amounts = body.data.items.map((o) => o.supplier_node.taxed_amount);
    expect(amounts.at(-1)).toBeNull();
    expect(amounts[0]).toBe(1000);
    const known = amounts.filter((a): a is number => a !== null);
    expect(known).toEqual([...known].sort((x, y) => y - x));
  });

  it('filters by order number, brand name, state codes and creation time', async () => {
    const detail = (await list({})).body.data.items.find((o) => o.id === ids.enforced);
    const byName = await list({ filters: JSON.stringify({ name: detail?.name.slice(-4) }) });
    expect(byName.body.data.items.map((o) => o.id)).toEqual([ids.enforced]);
    const byBrand = await list({ filters: JSON.stringify({ brand_name: 'omr' }) });
    expect(byBrand.body.data.items.map((o) => o.id)).toEqual([ids.placed]);
    const byState = await list({ filters: JSON.stringify({ state: [20, '30'] }) });
    expect(byState.body.data.items.map((o) => o.id).sort()).toEqual(
      [ids.enforced, ids.placed].sort(),
    );
    const byStateName = await list({ filters: JSON.stringify({ state: 'SIGNED' }) });
    expect(byStateName.body.data.items.map((o) => o.id)).toEqual([ids.signed]);
    const byDay = await list({
      filters: JSON.stringify({ create_time: ['2026-01-02', '2026-01-03'] }),
    });
    expect(byDay.body.data.items.map((o) => o.id).sort()).toEqual(
      [ids.enforced, ids.placed].sort(),
    );
    const from = Date.UTC(2026, 0, 9);
    const byMs = await list({
      filters: JSON.stringify({ create_time: [from, Date.UTC(2026, 0, 31)] }),
    });
    expect(byMs.body.data.items.map((o) => o.id).sort()).toEqual(
      [ids.cancelled, ids.cancelledAt40].sort(),
    );
  });

  it('drops empty filter values and treats LIKE wildcards literally', async () => {
    const empty = await list({ filters: JSON.stringify({ name: '', state: [] }) });
    expect(empty.body.data.total).toBe(10);
    const wildcard = await list({ filters: JSON.stringify({ brand_name: '%' }) });
    expect(wildcard.body.data.total).toBe(0);
  });

  it.each([
    ['filters', '{not json', '请求参数有误：filters'],
    ['filters', JSON.stringify({ state: [15] }), '请求参数有误：filters.state'],
    ['filters', JSON.stringify({ colour: 'red' }), '请求参数有误：filters.colour'],
    [
      'filters',
      JSON.stringify({ create_time: ['yesterday', ''] }),
      '请求参数有误：filters.create_time',
    ],
    ['filters', JSON.stringify({ create_time: '2026-01-01' }), '请求参数有误：filters.create_time'],
    [
      'filters',
      JSON.stringify({ create_time: ['2026-02-30', ''] }),
      '请求参数有误：filters.create_time',
    ],
    ['orderType', 'SOMETIMES', '请求参数有误：orderType'],
    ['orderItems[0].orderBy', 'owner', '请求参数有误：orderItems[0].orderBy'],
    ['pageSize', '0', '请求参数有误：pageSize'],
    ['pageSize', 'many', '请求参数有误：pageSize'],
  ])('answers a malformed %s (%s) with a 400 naming it', async (name, value, message) => {
    const { res } = await list({ [name]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error_code: 'INVALID_INPUT', error_message: message });
  });

  it('answers the detail in the projection shape, and 404 for another company’s order', async () => {
    const res = await h.call('buyer', {
      method: 'GET',
      url: `/orders-api/v7/orders/${ids.placed}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: ids.placed,
      state: 30,
      current_order_node: { contacts_user: { id: h.world.contacts.buyerA, name: '王小明' } },
      order_product_list: [],
    });
    const foreign = await h.call('buyer', {
      method: 'GET',
      url: `/orders-api/v7/orders/${ids.foreign}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error_code: 'NOT_FOUND', error_message: '订单不存在' });
    const bad = await h.call('buyer', { method: 'GET', url: '/orders-api/v7/orders/abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a company the user does not belong to, and a missing token', async () => {
    const foreign = await list({}, h.world.companies.b);
    expect(foreign.res.statusCode).toBe(403);
    expect(foreign.res.json().error_message).toBe('你暂无该权限，请先获取权限');
    const anonymous = await h.call(null, { method: 'GET', url: '/orders-api/v7/orders' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists the second company’s orders when it is the current one', async () => {
    const other = await h.insertOrder({ companyId: h.world.companies.a2, state: 10 });
    const { body } = await list({}, h.world.companies.a2);
    expect(body.data.items.map((o) => o.id)).toEqual([other]);
  });

  it('resolves an order number to its id only within the company', async () => {
    const names = (await list({ pageSize: '500' })).body.data.items;
    const name = names.find((o) => o.id === ids.signed)?.name ?? '';
    const res = await h.call('buyer', {
      method: 'GET',
      url: `/orders-api/v7/orders/${name}/get_id`,
    });
    expect(res.json()).toEqual({ data: { id: ids.signed } });
    const bob = await h.call('bob', {
      method: 'GET',
      url: `/orders-api/v7/orders/${name}/get_id`,
      company: h.world.companies.b,
    });
    expect(bob.statusCode).toBe(404);
  });

  it('names the chat’s default contact: the order’s supplier contact, else the company follower', async () => {
    const withContact = await h.insertOrder({
      state: 10,
      supplierContactId: h.world.contacts.salesS,
    });
    const res = await h.call('buyer', {
      method: 'GET',
      url: `/orders-api/v7/orders/${withContact}/default_contacts_user`,
    });
    expect(res.json().data).toEqual({
      id: h.world.contacts.salesS,
      name: '陈销售',
      company_id: h.world.companies.supplier,
      company_name: '德勤工业品供应链有限公司',
    });
    const fallback = await h.call('buyer', {
      method: 'GET',
      url: `/orders-api/v7/orders/${ids.placed}/default_contacts_user`,
    });
    expect(fallback.json().data).toMatchObject({ id: h.world.contacts.followerS, name: '周跟单' });
    const foreign = await h.call('buyer', {
      method: 'GET',
      url: `/orders-api/v7/orders/${ids.foreign}/default_contacts_user`,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it.each(ORDER_TABS)('serves the %s search form with the tab’s state options', async (tab) => {
    const res = await h.call('buyer', {
      method: 'GET',
      url: '/orders-api/v7/orders/search_form',
      query: { orderType: tab },
    });
    expect(res.statusCode).toBe(200);
    const form = res.json().data as {
      searchList: Array<{
        key: string;
        label: string;
        options?: Array<{ value: number; label: string }>;
      }>;
    };
    const keys = form.searchList.map((f) => f.key);
    expect(keys).toEqual(expect.arrayContaining(['name', 'brand_name', 'create_time']));
    const state = form.searchList.find((f) => f.key === 'state');
    const offered = ORDER_TAB_INFO[tab].stateFilter;
    if (offered.length === 0) expect(state).toBeUndefined();
    else expect(state?.options?.map((o) => o.value)).toEqual([...offered]);
    for (const field of form.searchList) expect(field.label).toMatch(/[\u4e00-\u9fff]/);
  });

  it('labels the state options in Chinese', async () => {
    const res = await h.call('buyer', {
      method: 'GET',
      url: '/orders-api/v7/orders/search_form',
      query: { orderType: 'CONTRACT_ENFORCED' },
    });
    const state = res.json().data.searchList.find((f: { key: string }) => f.key === 'state');
    expect(state.options).toEqual([
      { value: 20, label: '合同已执行' },
      { value: 30, label: '已向供应商下单' },
    ]);
  });
});
