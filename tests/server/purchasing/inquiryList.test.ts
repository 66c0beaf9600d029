// The purchase list and the sheet reads (purchasing-core §2.2, §2.3, §7.2): list types, paging,
// sorting, filters, the quick-search form, detail, get_id, default contact, company isolation.
// Nothing here writes, so every test sees the fixtures as seeded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../server/db/schema/index';
import { drivers } from '../../support/databases';
import { BASE, type InquiryServer, row, startInquiryServer } from './inquiryHarness';

type Listed = { items: Array<{ id: number; name: string; company_id: number }>; total: number };

describe.each(drivers)('inquiry list and reads on %s', (driver) => {
  let s: InquiryServer;
  beforeAll(async () => {
    s = await startInquiryServer(driver);
  });
  afterAll(async () => s.close());

  const list = async (query: Record<string, string | number> = {}) => {
    const answer = await s.call('userA', 'GET', BASE, { query });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as Listed;
  };
  const ids = (listed: Listed) => listed.items.map((item) => item.id).sort((a, b) => a - b);
  const sheetIds = (...names: Array<keyof InquiryServer['ids']['sheets']>) =>
    names.map((name) => s.ids.sheets[name].id).sort((a, b) => a - b);
  const filtered = (filters: unknown) => list({ filters: JSON.stringify(filters) });

  it('holds in each sheetType exactly the sheets of its state groups', async () => {
    expect(ids(await list({ sheetType: 'INQUIRY' }))).toEqual(sheetIds('draftA', 'sentA'));
    expect(ids(await list({ sheetType: 'REPLIED' }))).toEqual(
      sheetIds('repliedA', 'repliedCccA', 'auditingA'),
    );
    expect(ids(await list({ sheetType: 'OUTBOUND_PAYING' }))).toEqual(sheetIds('contractSignedA'));
    expect(ids(await list({ sheetType: 'CARGO_RECEIVING' }))).toEqual(sheetIds('enforcedA'));
    expect(ids(await list({ sheetType: 'SIGNED' }))).toEqual(sheetIds('signA'));
    const all = await list({ sheetType: 'ALL' });
    expect(all.total).toBe(9);
    expect(all.items.every((item) => item.company_id === s.ids.companies.buyerA)).toBe(true);
  });

  it('accepts `type` for the list type and defaults to ALL', async () => {
    expect(ids(await list({ type: 'SIGNED' }))).toEqual(sheetIds('signA'));
    expect((await list()).total).toBe(9);
  });

  it('pages with pageSize and pageNumber, total unchanged', async () => {
    const pages = [
      await list({ pageSize: 4, pageNumber: 1 }),
      await list({ pageSize: 4, pageNumber: 2 }),
      await list({ pageSize: 4, pageNumber: 3 }),
    ];
    expect(pages.map((p) => p.items.length)).toEqual([4, 4, 1]);
    expect(pages.map((p) => p.total)).toEqual([9, 9, 9]);
    expect(new Set(pages.flatMap((p) => p.items.map((i) => i.id))).size).toBe(9);
  });

  it('sorts newest first by default and by any listed key', async () => {
    expect((await list()).items[0]?.id).toBe(s.ids.sheets.contractSignedA.id);
    const byCreate = await list({
      'orderItems[0].orderBy': 'create_time',
      'orderItems[0].order': 'asc',
    });
    expect(byCreate.items[0]?.id).toBe(s.ids.sheets.draftA.id);
    const byName = await list({ 'orderItems[0].orderBy': 'name', 'orderItems[0].order': 'DESC' });
    const names = byName.items.map((i) => i.name);
    expect(names).toEqual([...names].sort().reverse());
    // Amounts sort with empty ones last in both directions.
    const byTotal = await list({
      'orderItems[0].orderBy': 'taxed_amount',
      'orderItems[0].order': 'desc',
    });
    expect(byTotal.items[0]?.id).toBe(s.ids.sheets.repliedA.id);
    expect(byTotal.items.at(-1)?.id).not.toBe(s.ids.sheets.repliedA.id);
    for (const key of ['brand', 'owner', 'state', 'state_change_time', 'sign_time', 'write_time']) {
      expect((await list({ 'orderItems[0].orderBy': key })).total).toBe(9);
    }
  });

  it('refuses an unknown sort key, list type or page size with 400 naming the field', async () => {
    const bad = async (query: Record<string, string | number>, field: string) => {
      const answer = await s.call('userA', 'GET', BASE, { query });
      expect(answer.status).toBe(400);
      expect(answer.body.error_message).toContain(field);
    };
    await bad({ 'orderItems[0].orderBy': 'password' }, 'orderItems[0].orderBy');
    await bad({ sheetType: 'EVERYTHING' }, 'sheetType');
    await bad({ pageSize: 0 }, 'pageSize');
    await bad({ pageSize: 501 }, 'pageSize');
  });

  it('filters by purchase number, brand, state, state group, owner and creation dates', async () => {
    expect(ids(await filtered({ name: '000003' }))).toEqual(sheetIds('repliedA'));
    expect((await filtered({ brand_name: 'siem' })).total).toBe(9);
    expect((await filtered({ name: '%' })).total).toBe(0);
    expect(ids(await filtered({ state: ['DRAFT', 'CANCELLED'] }))).toEqual(
      sheetIds('draftA', 'cancelledA'),
    );
    expect(ids(await filtered({ state_group: 'INQUIRED' }))).toEqual(sheetIds('sentA'));
    expect(ids(await filtered({ owner: s.ids.contacts.adminA }))).toEqual(
      sheetIds('repliedCccA', 'signA'),
    );
    // Bare dates are whole days in Shanghai time; both ends inclusive.
    expect(ids(await filtered({ create_time: ['2025-01-02', '2025-01-03'] }))).toEqual(
      sheetIds('sentA', 'repliedA'),
    );
    expect(ids(await filtered({ create_time: ['2025-01-09T00:00:00Z', ''] }))).toEqual(
      sheetIds('contractSignedA'),
    );
    expect(ids(await filtered({ supplier_invoice_state: 'NO_INVOICE' }))).toEqual(
      sheetIds('contractSignedA'),
    );
    // Empty values are dropped, as the client drops them.
    expect((await filtered({ name: '', state: [] })).total).toBe(9);
    // Filters combine with the list type.
    expect(
      (await list({ sheetType: 'INQUIRY', filters: JSON.stringify({ name: '000003' }) })).total,
    ).toBe(0);
  });

  it('answers 400 for malformed filters, never 500', async () => {
    for (const filters of [
      'not json',
      '[1,2]',
      '"text"',
      JSON.stringify({ unknown_key: 'x' }),
      JSON.stringify({ state: 'BOGUS' }),
      JSON.stringify({ state_group: 'NOPE' }),
      JSON.stringify({ owner: 'abc' }),
      JSON.stringify({ create_time: ['yesterday'] }),
      JSON.stringify({ create_time: '2025-01-01' }),
      JSON.stringify({ name: { $gt: '' } }),
      JSON.stringify({ name: 5 }),
    ]) {
      const answer = await s.call('userA', 'GET', BASE, { query: { filters } });
      expect(answer.status, filters).toBe(400);
      expect(answer.body.error_message).toMatch(/^请求参数有误：filters/);
    }
  });

  it('shows company B only its own sheets', async () => {
    const answer = await s.call('userB', 'GET', BASE);
    const listed = answer.body.data as Listed;
    expect(listed.total).toBe(1);
    expect(listed.items[0]?.id).toBe(s.ids.sheets.draftB.id);
  });

  it('serves a quick-search form per list, with the SIGNED-only fields only on SIGNED', async () => {
    type Form = {
      searchList: Array<{
        key: string;
        label: string;
        type: string;
        options?: Array<{ value: unknown; label: string }>;
      }>;
    };
    const form = async (sheetType: string) => {
      const answer = await s.call('userA', 'GET', `${BASE}/search_form`, { query: { sheetType } });
      expect(answer.status).toBe(200);
      return (answer.body.data as Form).searchList;
    };
    const all = await form('ALL');
    expect(all.map((f) => f.key)).toEqual([
      'name',
      'brand_name',
      'owner',
      'state_group',
      'create_time',
    ]);
    expect(all.find((f) => f.key === 'name')?.label).toBe('采购单号');
    expect(all.find((f) => f.key === 'create_time')?.type).toBe('dateRange');
    const owners = all.find((f) => f.key === 'owner')?.options ?? [];
    expect(owners).toContainEqual({ value: s.ids.contacts.departedA, label: '钱离职（离职）' });
    expect(owners.some((o) => o.value === s.ids.contacts.userB)).toBe(false);
    const signed = await form('SIGNED');
    expect(signed.map((f) => f.key)).toEqual([
      'name',
      'brand_name',
      'owner',
      'create_time',
      'supplier_invoice_state',
      'supplier_outbound_state',
    ]);
    expect(signed.find((f) => f.key === 'supplier_invoice_state')?.options).toContainEqual({
      value: 'INVOICE',
      label: '已开票',
    });
    const inquiry = await form('INQUIRY');
    expect(inquiry.find((f) => f.key === 'state_group')?.options?.map((o) => o.label)).toEqual([
      '草稿',
      '已询价',
      '暂无报价',
    ]);
    expect(
      (await s.call('userA', 'GET', `${BASE}/search_form`, { query: { sheetType: 'X' } })).status,
    ).toBe(400);
  });

  it('answers the detail of an own sheet and 404 for another company’s', async () => {
    const detail = await s.call('userA', 'GET', `${BASE}/${s.ids.sheets.repliedA.id}`);
    expect(detail.status).toBe(200);
    const sheet = row(detail);
    expect(sheet.name).toBe(s.ids.sheets.repliedA.name);
    expect(sheet.state).toBe('INQUIRY_REPLIED');
    expect((sheet.inquiry_product_list as unknown[]).length).toBe(2);
    expect((sheet.supplier_node as { taxed_amount: number }).taxed_amount).toBe(402);
    const foreign = await s.call('userB', 'GET', `${BASE}/${s.ids.sheets.repliedA.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error_message).toBe('采购单不存在');
    // B's user naming company A is refused by tenancy before any lookup.
    const wrongCompany = await s.call('userB', 'GET', `${BASE}/${s.ids.sheets.repliedA.id}`, {
      company: s.ids.companies.buyerA,
    });
    expect(wrongCompany.status).toBe(403);
    expect((await s.call('userA', 'GET', `${BASE}/99999999`)).status).toBe(404);
    expect((await s.call('userA', 'GET', `${BASE}/abc`)).status).toBe(400);
  });

  it('points to the order detail when the id is one of the company’s orders', async () => {
    const db = s.db.database.db;
    const base = {
      name: 'PO-REDIRECT-A',
      brandName: 'Siemens',
      supplierCompanyId: s.ids.companies.supplier,
    };
    await db.insert(orders).values([
      { ...base, id: 900_001, companyId: s.ids.companies.buyerA },
      { ...base, id: 900_002, name: 'PO-REDIRECT-B', companyId: s.ids.companies.buyerB },
    ]);
    const answer = await s.call('userA', 'GET', `${BASE}/900001`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ redirect: { module: 'ORDER', id: 900_001 } });
    expect((await s.call('userA', 'GET', `${BASE}/900002`)).status).toBe(404);
  });

  it('resolves a purchase number to its id on both paths, within the company only', async () => {
    const { name, id } = s.ids.sheets.sentA;
    for (const path of [`${BASE}/${name}/get_id`, `/inquiry-api/v7/inquiry/${name}/get_id`]) {
      const answer = await s.call('userA', 'GET', path);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({ id });
      expect((await s.call('userB', 'GET', path)).status).toBe(404);
    }
    expect((await s.call('userA', 'GET', `${BASE}/XJ000/get_id`)).status).toBe(404);
    expect((await s.call('userA', 'GET', `${BASE}/x%27%20or%201=1/get_id`)).status).toBe(400);
  });

  it('names the supplier contact for the chat: the company’s follower, else a supplier contact', async () => {
    const answer = await s.call(
      'userA',
      'GET',
      `${BASE}/${s.ids.sheets.sentA.id}/default_contacts_user`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      id: s.ids.contacts.supplierSales,
      name: '王销售',
      company: { id: s.ids.companies.supplier, name: '上海供应链有限公司' },
    });
    const forB = await s.call(
      'userB',
      'GET',
      `${BASE}/${s.ids.sheets.draftB.id}/default_contacts_user`,
    );
    expect((forB.body.data as { id: number }).id).toBe(s.ids.contacts.supplierSales);
    const foreign = await s.call(
      'userB',
      'GET',
      `${BASE}/${s.ids.sheets.sentA.id}/default_contacts_user`,
    );
    expect(foreign.status).toBe(404);
  });

  it('refuses every read without a token', async () => {
    const answer = await s.app.inject({
      method: 'GET',
      url: `${BASE}?currentCompanyId=${s.ids.companies.buyerA}`,
    });
    expect(answer.statusCode).toBe(401);
  });
});
