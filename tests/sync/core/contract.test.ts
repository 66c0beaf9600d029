// The outbox's requests against the real server app (in-process, PGlite in memory): every call
// `toRequest` builds is one the server accepts, its answers classify as expected, an applied
// create's answer maps the ids later entries need, a replay under the same key answers the first
// result, the optimistic effects agree with the rows the server answers, and the feed's rows
// settle the applied entries.

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { accounts, contacts, orders } from '../../../server/db/schema/index';
import { isRecord } from '../../../src/domain/guards';
import { onApplied } from '../../../src/sync/core/lifecycle';
import {
  effectOn,
  type MutationInput,
  type OutboxEntry,
  requestTarget,
  toRequest,
  touchedKey,
} from '../../../src/sync/core/mutations';
import { nextBatch, type SendState } from '../../../src/sync/core/ordering';
import { classifyAnswer, type Outcome } from '../../../src/sync/core/outcomes';
import { rebase } from '../../../src/sync/core/rebase';
import { asRow, type OutboxRequest, type Row, type RowKey } from '../../../src/sync/core/types';
import { testConfig } from '../../support/app';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import { type FixtureIds, seedFixtures } from '../../support/fixtures';
import { accessTokenFor } from '../../support/tokens';
import { blob, entry, line, sendState, uploadedAs } from './fixtures';

describe.each(drivers)('outbox requests against the server on %s', (driver) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let fx: FixtureIds;
  let supplierAccount: number;
  const tokens = new Map<number, string>();

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    const config = testConfig();
    app = await buildApp({ config, database: db.database });
    await app.ready();
    fx = await seedFixtures(db.database);
    const [supplier] = await db.database.db
      .insert(accounts)
      .values({ username: 'fx_supplier', passwordHash: '-', name: '王销售' })
      .returning({ id: accounts.id });
    if (!supplier) throw new Error('seed');
    supplierAccount = supplier.id;
    await db.database.db
      .update(contacts)
      .set({ accountId: supplier.id })
      .where(eq(contacts.id, fx.contacts.supplierSales));
    for (const id of [fx.accounts.userA, supplierAccount]) {
      tokens.set(id, await accessTokenFor(db.database, `${config.publicUrl}/oidc`, id));
    }
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const send = async (request: OutboxRequest, as = fx.accounts.userA, token?: string) => {
    const res = await app.inject({
      method: request.method,
      url: requestTarget(request),
      headers: {
        authorization: `Bearer ${token ?? tokens.get(as)}`,
        ...request.headers,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
    });
    const retryAfter = res.headers['retry-after'];
    const outcome = classifyAnswer(
      {
        status: res.statusCode,
        body: res.json(),
        retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
      },
      Date.now(),
    );
    return { outcome, replayed: res.headers['idempotent-replayed'] === 'true' };
  };
  const applied = (outcome: Outcome) => {
    if (outcome.kind !== 'applied') throw new Error(`${outcome.kind}: ${JSON.stringify(outcome)}`);
    return outcome;
  };
  // Written now, as the engine would: an entry as old as the fixtures' NOW is past the send window.
  const at = (seq: number, mutation: MutationInput, companyId = fx.companies.buyerA) =>
    entry(seq, mutation, { companyId, userSub: String(fx.accounts.userA), createdAt: Date.now() });

  it('delivers a draft created offline, its save, owner change and message, in order', async () => {
    const A = fx.companies.buyerA;
    const uploaded = new Map([['b1', uploadedAs(fx.files.imageA)]]);
    let entries: OutboxEntry[] = [
      at(1, {
        type: 'sheet.create',
        payload: {
          sheetId: -1,
          brand: { id: -2, name: 'Contract Brand', view: null },
          lines: [line({ attachments: [blob('b1')] })],
          saveToDraft: true,
          supplier: {
            companyId: fx.companies.supplier,
            name: null,
            paymentMethod: 'INVOICE_PAYMENT',
          },
          owner: { id: fx.contacts.userA, name: '李采购' },
          remark: null,
        },
      }),
      at(2, {
        type: 'sheet.saveDraft',
        payload: {
          sheetId: -1,
          ifMatch: 0,
          lines: [line(), line({ productId: fx.products.normal, productType: null, qty: 4 })],
          brand: null,
          paymentMethod: null,
          remark: '加急',
        },
      }),
      at(3, {
        type: 'sheet.changeOwner',
        payload: { id: -1, ifMatch: 0, owner: { id: fx.contacts.adminA, name: '张管理' } },
      }),
      at(4, {
        type: 'message.post',
        payload: {
          todoId: -3,
          module: 'INQUERY_QUOTATION_SHEET',
          moduleId: -1,
          moduleNumber: null,
          subject: '请报价',
          to: {
            companyId: fx.companies.supplier,
            companyName: null,
            contactId: fx.contacts.supplierSales,
            contactName: '王销售',
          },
          from: {
            contactId: fx.contacts.userA,
            contactName: '李采购',
            companyName: null,
            avatar: null,
          },
          files: [blob('b1')],
        },
      }),
    ];
    let state: SendState = { ...sendState({ uploaded }), userSub: String(fx.accounts.userA) };
    const answered = new Map<string, Row>();
    const firstRequests = new Map<string, OutboxRequest>();
    const rounds: number[][] = [];
    for (let round = 0; round < 6; round += 1) {
      const batch = nextBatch(entries, state, Date.now());
      if (batch.length === 0) break;
      rounds.push(batch.map((e) => e.seq));
      for (const sent of batch) {
        const request = toRequest(sent, state.idMap, uploaded);
        firstRequests.set(sent.id, request);
        const { outcome } = await send(request);
        const ok = applied(outcome);
        if (ok.row) answered.set(sent.id, ok.row);
        const result = onApplied(entries, sent.id, ok, state.idMap, Date.now());
        entries = result.entries;
        state = { ...state, idMap: result.idMap };
      }
    }
    expect(rounds).toEqual([[1], [2, 4], [3]]);
    const sheetId = state.idMap.get(-1);
    const brandId = state.idMap.get(-2);
    expect(sheetId).toBeGreaterThan(0);
    expect(brandId).toBeGreaterThan(0);
    expect(state.idMap.get(-3)).toBeGreaterThan(0);

    const final = answered.get(entries[2]?.id ?? '');
    expect(final).toMatchObject({
      id: sheetId,
      state: 'DRAFT',
      remark: '加急',
      brand: { id: brandId, name: 'Contract Brand' },
      current_node: { contacts_user: { id: fx.contacts.adminA } },
      supplier_node: { payment_method: 'INVOICE_PAYMENT' },
    });
    expect(final?.inquiry_product_list).toHaveLength(2);
    const sent = answered.get(entries[3]?.id ?? '');
    expect(sent).toMatchObject({ module_id: sheetId, from_company_id: A, has_attachment: true });

    // A replay of the request as sent (its answer lost) answers the first result, applied
    // nothing twice. The key is bound to that request: the same key with another body is refused.
    const first = firstRequests.get(entries[0]?.id ?? '');
    if (!first) throw new Error('the create was not sent');
    const again = await send(first);
    expect(again.replayed).toBe(true);
    expect(applied(again.outcome).row?.id).toBe(sheetId);

    // The feed's rows show every applied effect: all four entries settle.
    const feed = await app.inject({
      method: 'GET',
      url: `/sync-api/v1/changes?currentCompanyId=${A}&limit=5000`,
      headers: { authorization: `Bearer ${tokens.get(fx.accounts.userA)}` },
    });
    const changes = (
      feed.json() as { data: { changes: Array<{ table: string; id: string; row: unknown }> } }
    ).data.changes;
    const base = new Map<RowKey, Row | null>();
    for (const change of changes) {
      const key = `${change.table}:${change.id}`;
      if (key === `sheets:${sheetId}` || change.table === 'todos')
        base.set(key as RowKey, asRow(change.row));
    }
    expect(rebase(base, entries).settled.sort()).toEqual(entries.map((e) => e.id).sort());
  });

  it('optimistic effects agree with the rows the server answers', async () => {
    const sheet = fx.sheets.draftA.id;
    const detail = await app.inject({
      method: 'GET',
      url: `/inquiry-api/v7/inquiry_quotation/${sheet}?currentCompanyId=${fx.companies.buyerA}`,
      headers: { authorization: `Bearer ${tokens.get(fx.accounts.userA)}` },
    });
    const row = asRow((detail.json() as { data: unknown }).data);
    if (!row) throw new Error('no sheet');
    const change = at(10, {
      type: 'sheet.changeOwner',
      payload: {
        id: sheet,
        ifMatch: row.version,
        owner: { id: fx.contacts.adminA, name: '张管理' },
      },
    });
    const optimistic = effectOn(row, change);
    const server = applied((await send(toRequest(change, new Map(), new Map()))).outcome).row;
    expect(server?.current_node).toEqual(optimistic?.current_node);
    expect(server?.version).toBeGreaterThan(row.version);

    // The same change again, written against the old version: 409 with the current row.
    const stale = at(11, {
      type: 'sheet.changeOwner',
      payload: {
        id: sheet,
        ifMatch: row.version,
        owner: { id: fx.contacts.userA, name: '李采购' },
      },
    });
    const conflict = (await send(toRequest(stale, new Map(), new Map()))).outcome;
    expect(conflict).toMatchObject({ kind: 'rejected', status: 409, code: 'VERSION_CONFLICT' });
    expect(conflict.kind === 'rejected' && conflict.serverRow?.version).toBe(server?.version);
  });

  it('changes an order’s owner', async () => {
    const order = fx.orders.contractSignedA.id;
    const ownerChange = (seq: number, ifMatch: number) =>
      at(seq, {
        type: 'order.changeOwner',
        payload: { id: order, ifMatch, owner: { id: fx.contacts.adminA, name: '张管理' } },
      });
    const change = ownerChange(20, 0);
    const stale = (await send(toRequest(change, new Map(), new Map()))).outcome;
    expect(stale).toMatchObject({ kind: 'rejected', status: 409 });
    const current = stale.kind === 'rejected' ? stale.serverRow : null;
    if (!current) throw new Error('no server row');
    const fresh = ownerChange(21, current.version);
    const row = applied((await send(toRequest(fresh, new Map(), new Map()))).outcome).row;
    expect(row?.current_order_node).toEqual(effectOn(current, fresh)?.current_order_node);
  });

  it('corrects the expected arrival date once: the answered row is the effect, a replay changes nothing', async () => {
    // Before the cancel request below: the server takes a new date only while not cancelled.
    const order = fx.orders.contractSignedA.id;
    const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const change = at(24, { type: 'order.setForecast', payload: { id: order, date } });
    const first = await send(toRequest(change, new Map(), new Map()));
    const row = applied(first.outcome).row;
    if (!row) throw new Error('no row answered');
    expect(row).toMatchObject({ id: order, forecast_receive_date: date });
    expect(effectOn({ ...row, forecast_receive_date: null }, change)).toMatchObject({
      forecast_receive_date: date,
    });
    const [once] = await db.database.db
      .select({ version: orders.version, date: orders.forecastReceiveDate })
      .from(orders)
      .where(eq(orders.id, order));
    expect(once?.date).toBe(date);
    const again = await send(toRequest(change, new Map(), new Map()));
    expect(again.replayed).toBe(true);
    const [after] = await db.database.db
      .select({ version: orders.version })
      .from(orders)
      .where(eq(orders.id, order));
    expect(after?.version).toBe(once?.version);
  });

  it('asks to cancel an order once: the row the server answers is the effect, a replay is the same answer', async () => {
    const order = fx.orders.contractSignedA.id;
    const request = at(25, {
      type: 'order.requestCancel',
      payload: { id: order, reason: '重复下单' },
    });
    const [before] = await db.database.db
      .select({ version: orders.version })
      .from(orders)
      .where(eq(orders.id, order));
    const first = await send(toRequest(request, new Map(), new Map()));
    const row = applied(first.outcome).row;
    if (!row) throw new Error('no row answered');
    expect(row).toMatchObject({ id: order, state: -10 });
    expect(effectOn({ ...row, state: 10 }, request)?.state).toBe(row.state);
    const again = await send(toRequest(request, new Map(), new Map()));
    expect(again.replayed).toBe(true);
    const [after] = await db.database.db
      .select({ stateLog: orders.stateLog, version: orders.version })
      .from(orders)
      .where(eq(orders.id, order));
    expect(after?.stateLog.filter((e) => e.state === -10)).toHaveLength(1);
    expect(after?.version).toBeGreaterThan(before?.version ?? 0);
  });

  it('sets a received message READ, favourite until a time, then PROCESSED, as the effects predict', async () => {
    const post = at(30, {
      type: 'message.post',
      payload: {
        todoId: -30,
        module: 'ORDER',
        moduleId: fx.orders.contractSignedA.id,
        moduleNumber: null,
        subject: '请确认交期',
        to: {
          companyId: fx.companies.supplier,
          companyName: null,
          contactId: fx.contacts.supplierSales,
          contactName: null,
        },
        from: {
          contactId: fx.contacts.userA,
          contactName: '李采购',
          companyName: null,
          avatar: null,
        },
        files: [],
      },
    });
    let row = applied((await send(toRequest(post, new Map(), new Map()))).outcome).row;
    if (!row) throw new Error('no message');
    const S = fx.companies.supplier;
    const steps: MutationInput[] = [
      {
        type: 'todo.setState',
        payload: {
          todoId: row.id,
          state: 'READ',
          delay: null,
          todoType: 'MESSAGE',
          assignee: null,
        },
      },
      {
        type: 'todo.setState',
        payload: { todoId: row.id, state: 'READ', delay: null, todoType: null, assignee: null },
      },
      {
        type: 'todo.setState',
        payload: {
          todoId: row.id,
          state: 'DELAYED',
          delay: '2030-01-01T00:00:00.000Z',
          todoType: null,
          assignee: null,
        },
      },
      {
        type: 'todo.setState',
        payload: {
          todoId: row.id,
          state: 'PROCESSED',
          delay: null,
          todoType: null,
          assignee: null,
        },
      },
    ];
    for (const [i, mutation] of steps.entries()) {
      const change = { ...at(31 + i, mutation, S), userSub: String(supplierAccount) };
      const predicted = effectOn(row, change);
      const answer = applied(
        (await send(toRequest(change, new Map(), new Map()), supplierAccount)).outcome,
      ).row;
      if (!answer) throw new Error('no answer');
      expect({ state: answer.state, delay: answer.delay_time }).toEqual({
        state: predicted?.state,
        delay:
          mutation.type === 'todo.setState' && mutation.payload.state === 'DELAYED'
            ? predicted?.delay_time
            : answer.delay_time,
      });
      expect(touchedKey(change)).toBe(`todos:${row.id}`);
      row = answer;
    }
    expect(row.state).toBe('PROCESSED');
  });

  it('classifies the server’s refusals: 401 pauses, 403 and rule refusals fail', async () => {
    const sent = fx.sheets.sentA.id;
    const save = at(40, {
      type: 'sheet.saveDraft',
      payload: { sheetId: sent, ifMatch: 0, lines: [line()], brand: null, paymentMethod: null },
    });
    const request = toRequest(save, new Map(), new Map());
    expect((await send(request, fx.accounts.userA, 'not-a-token')).outcome).toMatchObject({
      kind: 'auth',
      status: 401,
    });
    const foreign = toRequest({ ...save, companyId: fx.companies.buyerB }, new Map(), new Map());
    expect((await send(foreign)).outcome).toMatchObject({
      kind: 'forbidden',
      status: 403,
      message: '你暂无该权限，请先获取权限',
    });
    const unconditional = toRequest(save, new Map(), new Map());
    const { 'If-Match': _drop, ...headers } = unconditional.headers;
    const refused = (await send({ ...unconditional, headers })).outcome;
    expect(refused).toMatchObject({ kind: 'rejected', status: 422, code: 'NOT_DRAFT' });
    expect(isRecord(refused) && refused.kind === 'rejected' && refused.message).toBe(
      '只有草稿状态的采购单可以保存草稿',
    );
  });
});
