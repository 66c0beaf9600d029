// State changes of a sheet (purchasing-core §4.2, §5, §8): place order (3C refusal, VIP use),
// cancel and restore gating, owner change, and the supplier side (quote, contract signing) that
// creates the order, with the feed carrying each result to the right company only.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, orderLines, orders, sheets } from '../../../server/db/schema/index';
import { confirmContract, quoteSheet } from '../../../server/purchasing/sheetService';
import { publishSheet } from '../../../server/purchasing/sheetSupport';
import { loadSheetRows } from '../../../server/sync/projections/sheets';
import { write } from '../../../server/sync/write';
import { drivers } from '../../support/databases';
import { storedFeedRow } from '../../support/storedFeed';
import {
  type Answer,
  BASE,
  createBody,
  type InquiryServer,
  linesOf,
  row,
  startInquiryServer,
  type Who,
} from './inquiryHarness';

describe.each(drivers)('inquiry actions on %s', (driver) => {
  let s: InquiryServer;
  beforeAll(async () => {
    s = await startInquiryServer(driver);
  });
  afterAll(async () => s.close());

  const action = (id: number, type: string, body?: unknown, who: Who = 'userA') =>
    s.call(who, 'PUT', `${BASE}/${id}/${type}`, body === undefined ? {} : { body });
  const refusedWith = (answer: Answer, status: number, message: string) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.error_message).toBe(message);
  };
  const sentSheet = async (who: Who = 'userA', lines?: unknown[]) => {
    const body = { ...createBody(s.ids.brands.logo), ...(lines ? { product_list: lines } : {}) };
    const answer = await s.call(who, 'POST', BASE, { body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return row(answer) as Record<string, unknown> & { id: number; version: number };
  };
  const quote = (sheetId: number, quotes: Parameters<typeof quoteSheet>[3]) =>
    write(s.db.database.db, (tx, changes) => quoteSheet(tx, changes, sheetId, quotes));
  const quoteAll = async (sheet: Record<string, unknown> & { id: number }, unit: string) =>
    quote(
      sheet.id,
      linesOf(sheet).map((line) => ({
        lineId: line.id,
        taxed_price_unit: unit,
        shipment_period: 21,
        validity_end_date: '2031-06-30',
        quote_state: 'QUOTED',
      })),
    );

  it('refuses to order a sheet with a 3C line, with the exact message', async () => {
    refusedWith(
      await action(s.ids.sheets.repliedCccA.id, 'submit_contract'),
      422,
      '产品中存在3C产品, 请先删除3C产品再申请执行合同',
    );
  });

  it('offers ordering only in the quoted states', async () => {
    for (const key of ['draftA', 'sentA', 'auditingA', 'cancelledA'] as const) {
      refusedWith(
        await action(s.ids.sheets[key].id, 'submit_contract'),
        422,
        '当前状态的采购单不能下单',
      );
    }
  });

  it('places an order and answers the VIP use: 5% of the total from the rebate balance', async () => {
    const answer = await action(s.ids.sheets.repliedA.id, 'submit_contract');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const data = answer.body.data as Record<string, unknown> & { sheet: Record<string, unknown> };
    expect(data).toMatchObject({
      taxed_amount: 402,
      vip_balance: 1000,
      vip_rebate: 20.1,
      vip_taxed_amount: 381.9,
    });
    expect(data.sheet.state).toBe('CONTRACT_AUDITING');
    expect(data.sheet.supplier_node).toMatchObject({
      vip_balance: 1000,
      vip_rebate: 20.1,
      vip_taxed_amount: 381.9,
    });
  });

  it('uses no rebate for a company that is not a VIP', async () => {
    const sheet = await sentSheet('userB');
    await quoteAll(sheet, '10.00');
    const answer = await action(sheet.id, 'submit_contract', undefined, 'userB');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      taxed_amount: 20,
      vip_balance: null,
      vip_rebate: null,
      vip_taxed_amount: null,
    });
  });

  it('cancels with a required reason, except when cancelled or enforced, and keeps the reason', async () => {
    const sheet = await sentSheet();
    refusedWith(await action(sheet.id, 'cancel'), 400, '请输入取消原因');
    refusedWith(
      await action(sheet.id, 'cancel', { data: { reason: '   ' } }),
      400,
      '请输入取消原因',
    );
    const cancelled = await action(sheet.id, 'cancel', { data: { reason: '价格太高' } });
    expect(cancelled.status).toBe(200);
    expect(row(cancelled)).toMatchObject({ state: 'CANCELLED', cancelReason: '价格太高' });
    refusedWith(
      await action(sheet.id, 'cancel', { reason: '再取消' }),
      422,
      '当前状态的采购单不能取消',
    );
    refusedWith(
      await action(s.ids.sheets.enforcedA.id, 'cancel', { reason: '取消' }),
      422,
      '当前状态的采购单不能取消',
    );
    // The plain {reason} body works too.
    const other = await sentSheet();
    expect(row(await action(other.id, 'cancel', { reason: '重复' })).cancelReason).toBe('重复');
  });

  it('restores only cancelled sheets, to the state before cancelling', async () => {
    const restored = await action(s.ids.sheets.cancelledA.id, 'restore');
    expect(restored.status).toBe(200);
    expect(row(restored)).toMatchObject({ state: 'INQUIRY_SENT', cancelReason: null });
    refusedWith(
      await action(s.ids.sheets.cancelledA.id, 'restore'),
      422,
      '只有已取消的采购单可以恢复',
    );
    const draft = row(
      await s.call('userA', 'POST', BASE, { body: createBody(s.ids.brands.logo, true) }),
    );
    await action(Number(draft.id), 'cancel', { reason: '暂停' });
    expect(row(await action(Number(draft.id), 'restore')).state).toBe('DRAFT');
    expect((await action(Number(draft.id), 'approve')).status).toBe(400);
  });

  it('changes the owner to an in-service colleague, with If-Match', async () => {
    const sheet = await sentSheet();
    const path = `${BASE}/${sheet.id}/follower`;
    const changed = await s.call('userA', 'PUT', path, {
      body: { follower_id: s.ids.contacts.adminA },
      headers: { 'if-match': String(sheet.version) },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(row(changed).current_node).toMatchObject({
      contacts_user: { id: s.ids.contacts.adminA, name: '张管理' },
    });
    const stale = await s.call('userA', 'PUT', path, {
      body: { data: { follower_id: s.ids.contacts.userA } },
      headers: { 'if-match': String(sheet.version) },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id: sheet.id, version: row(changed).version });
    const back = await s.call('userA', 'PUT', path, {
      body: { data: { follower_id: s.ids.contacts.userA } },
    });
    expect(row(back).current_node).toMatchObject({ contacts_user: { id: s.ids.contacts.userA } });
    expect((await s.call('userA', 'PUT', path, { body: {} })).status).toBe(400);
  });

  it('answers and records an owner change as the whole projection would (the stored row patched)', async () => {
    const { db } = s.db.database;
    const quoted = await sentSheet();
    await quoteAll(quoted, '12.50');
    // Fixtures with an order, with quotes and a CCC line: in the feed first, as every sheet is.
    const fixtures = [s.ids.sheets.contractSignedA.id, s.ids.sheets.repliedCccA.id];
    await write(db, async (tx, changes) => {
      for (const id of fixtures) await publishSheet(tx, changes, id);
    });
    for (const id of [quoted.id, ...fixtures]) {
      const [record] = await db.select().from(sheets).where(eq(sheets.id, id));
      const companyId = record?.companyId ?? 0;
      expect(await storedFeedRow(db, 'sheets', companyId, id)).not.toBeNull();
      const { adminA, userA } = s.ids.contacts;
      const away = record?.ownerContactId === adminA ? userA : adminA;
      for (const to of [away, record?.ownerContactId ?? userA]) {
        const changed = await s.call('userA', 'PUT', `${BASE}/${id}/follower`, {
          body: { follower_id: to },
        });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        const projected = (await loadSheetRows(db, [id])).get(id);
        expect(projected?.current_node.contacts_user?.id).toBe(to);
        expect(row(changed)).toEqual(projected);
        expect(await storedFeedRow(db, 'sheets', companyId, id)).toEqual(projected);
      }
    }
  });

  it('refuses an owner change in SIGN, to a departed or foreign contact, or to the present owner', async () => {
    const owner = (id: number, follower_id: number) =>
      s.call('userA', 'PUT', `${BASE}/${id}/follower`, { body: { follower_id } });
    refusedWith(
      await owner(s.ids.sheets.signA.id, s.ids.contacts.userA),
      422,
      '当前状态的采购单不能变更负责人',
    );
    const sheet = await sentSheet();
    refusedWith(
      await owner(sheet.id, s.ids.contacts.departedA),
      422,
      '负责人必须是本公司的在职员工',
    );
    refusedWith(await owner(sheet.id, s.ids.contacts.userB), 422, '负责人必须是本公司的在职员工');
    refusedWith(await owner(sheet.id, 99_999_999), 422, '负责人必须是本公司的在职员工');
    refusedWith(await owner(sheet.id, s.ids.contacts.userA), 422, '该员工已是当前负责人');
  });

  it('keeps company B out of company A’s sheet actions', async () => {
    const id = s.ids.sheets.sentA.id;
    for (const [type, body] of [
      ['submit_contract', undefined],
      ['cancel', { reason: '越权' }],
      ['restore', undefined],
      ['follower', { follower_id: s.ids.contacts.userB }],
    ] as const) {
      expect((await action(id, type, body, 'userB')).status, type).toBe(404);
    }
    expect(row(await s.call('userA', 'GET', `${BASE}/${id}`)).state).toBe('INQUIRY_SENT');
  });

  it('quotes a sheet with line totals, and a sheet with no price becomes QUOTATION_REFUSE', async () => {
    const sheet = await sentSheet('userA', [
      { product_type: 'Q-1', qty: 3 },
      { product_type: 'Q-2', qty: 2 },
    ]);
    const [first, second] = linesOf(sheet);
    if (!first || !second) throw new Error('two lines expected');
    const quoted = await quote(sheet.id, [
      {
        lineId: first.id,
        taxed_price_unit: '12.34',
        shipment_period: 10,
        validity_end_date: '2031-01-01',
        quote_state: 'QUOTED',
      },
      { lineId: second.id, taxed_price_unit: null, quote_state: 'CCC' },
    ]);
    expect(quoted.state).toBe('INQUIRY_REPLIED');
    expect(quoted.supplier_node).toMatchObject({
      taxed_amount: 37.02,
      price_map: { [String(first.id)]: { taxed_price_unit: 12.34, taxed_amount: 37.02 } },
    });
    expect(linesOf(quoted).map((l) => l.quote_state)).toEqual(['QUOTED', 'CCC']);
    const refusedSheet = await sentSheet();
    const none = await quote(
      refusedSheet.id,
      linesOf(refusedSheet).map((l) => ({
        lineId: l.id,
        taxed_price_unit: null,
        quote_state: 'QUOTE_REFUSED',
      })),
    );
    expect(none.state).toBe('QUOTATION_REFUSE');
    await expect(quote(s.ids.sheets.draftA.id, [])).rejects.toThrow('当前状态的采购单不能报价');
  });

  it('signs the contract: an order in state 10 with the quoted lines, in the company’s feed only', async () => {
    const [before] = await s.db.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, s.ids.companies.buyerA));
    const sheet = await sentSheet();
    await quoteAll(sheet, '250.00');
    const placed = await action(sheet.id, 'submit_contract');
    expect((placed.body.data as { vip_rebate: number }).vip_rebate).toBe(25);
    const { cursor } = await s.feed('userA');
    const { cursor: cursorB } = await s.feed('userB');
    await expect(
      write(s.db.database.db, (tx, changes) =>
        confirmContract(tx, changes, sheet.id, s.ids.contacts.adminA),
      ),
    ).rejects.toThrow('供应商联系人不存在');
    const signed = await write(s.db.database.db, (tx, changes) =>
      confirmContract(tx, changes, sheet.id, s.ids.contacts.supplierSales),
    );
    expect(signed.sheet.state).toBe('CONTRACT_SIGNED');
    expect(signed.order).toMatchObject({ state: 10, inquiry_no: sheet.name, unpaid_amount: 475 });
    expect(String(signed.order.name)).toMatch(/^PO\d{14}$/);
    expect(signed.sheet.order).toEqual({ id: signed.order.id, name: signed.order.name });
    const lines = await s.db.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, signed.order.id));
    expect(lines.map((l) => [l.qty, l.taxedPriceUnit, l.taxedAmount])).toEqual([
      [2, '250.00', '500.00'],
    ]);
    const feed = await s.feed('userA', cursor);
    expect(feed.changes).toContainEqual(
      expect.objectContaining({ table: 'orders', id: String(signed.order.id), op: 'upsert' }),
    );
    expect(feed.changes).toContainEqual(
      expect.objectContaining({
        table: 'sheets',
        id: String(sheet.id),
        row: expect.objectContaining({ state: 'CONTRACT_SIGNED' }),
      }),
    );
    expect((await s.feed('userB', cursorB)).changes).toEqual([]);
    const [after] = await s.db.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, s.ids.companies.buyerA));
    expect(Number(after?.rebateBalance)).toBeCloseTo(Number(before?.rebateBalance) - 25, 2);
    const [order] = await s.db.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, signed.order.id));
    expect(order?.companyId).toBe(s.ids.companies.buyerA);
    await expect(
      write(s.db.database.db, (tx, changes) =>
        confirmContract(tx, changes, sheet.id, s.ids.contacts.supplierSales),
      ),
    ).rejects.toThrow('当前状态的采购单不能签订合同');
  });
});
