// The engine's pull and push paths against the real server on loopback: the first pull, an owner
// change made offline (shown at once, kept across a restart, applied once), a sheet created
// offline and saved again under its server id, a refusal that fails only its own entity, and a
// 409 that keeps the server's row.
import 'fake-indexeddb/auto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, sheets } from '../../../server/db/schema/index';
import type { PurchasingDb } from '../../../src/data/db';
import { readIdMapPairs } from '../../../src/data/meta';
import { recountTotals } from '../../../src/data/totals';
import { companyRowKeys } from '../../../src/data/writes';
import { asRow } from '../../../src/sync/core/types';
import { line } from '../core/fixtures';
import {
  engineSuite,
  type Harness,
  makeEngine,
  Network,
  openLocal,
  publishCompany,
  serverSheet,
  storedAnswers,
  synced,
  until,
} from './engineHarness';

describe('sync engine against the server', () => {
  // fx_user_a also works for company B: the engine syncs both companies.
  const suite = engineSuite(async (harness) => {
    await harness.server.db.database.db.insert(contacts).values({
      companyId: harness.fx.companies.buyerB,
      accountId: harness.fx.accounts.userA,
      name: '李采购',
    });
    for (const company of [harness.fx.companies.buyerA, harness.fx.companies.buyerB]) {
      await publishCompany(harness, company);
    }
  });
  const { engines, dbs } = suite;
  let h: Harness;
  beforeAll(() => {
    h = suite.harness;
  });

  async function setup(net = new Network()) {
    const db = await openLocal();
    dbs.push(db);
    const engine = makeEngine(h, db, net);
    engines.push(engine);
    await engine.start();
    await synced(engine);
    return { db, engine, net };
  }
  const A = () => h.fx.companies.buyerA;
  const localRow = async (db: PurchasingDb, table: 'sheets' | 'orders', id: number) =>
    asRow(await db.table(table).get([A(), id]));
  const ownerOf = (row: ReturnType<typeof asRow>) => {
    const node = row?.current_node ?? row?.current_order_node;
    const user =
      typeof node === 'object' && node !== null && 'contacts_user' in node
        ? node.contacts_user
        : null;
    return typeof user === 'object' && user !== null && 'id' in user ? user.id : undefined;
  };

  it('first pull fills the tables and the totals of every company', async () => {
    const { db, engine } = await setup();
    for (const company of engine.status().companies) {
      expect(company.done).toBeGreaterThan(0);
      expect(company.total).toBe(company.done);
      expect(company.error).toBeNull();
    }
    const sheetKeys = await companyRowKeys(db, 'sheets', A());
    const onServer = await h.server.db.database.db
      .select({ id: sheets.id })
      .from(sheets)
      .where(eq(sheets.companyId, A()));
    expect(onServer.length).toBeGreaterThan(0);
    expect(sheetKeys.map((key) => (Array.isArray(key) ? key[1] : key)).sort()).toEqual(
      onServer.map((row) => row.id).sort(),
    );
    expect(await companyRowKeys(db, 'staff', h.fx.companies.buyerB)).not.toHaveLength(0);
    // The totals kept page by page equal a full recount.
    const kept = await db.listTotals.toArray();
    expect(kept.length).toBeGreaterThan(0);
    for (const company of [A(), h.fx.companies.buyerB]) await recountTotals(db, company);
    expect(await db.listTotals.toArray()).toEqual(kept);
  });

  it("counts a company's feed once per pull: later pages send the previous remaining back", async () => {
    const net = new Network();
    const db = await openLocal();
    dbs.push(db);
    const engine = makeEngine(h, db, net, { pageSize: 2 });
    engines.push(engine);
    await engine.start();
    await synced(engine);
    const pages = net.calls
      .filter((call) => call.url.includes('/sync-api/v1/changes') && call.status === 200)
      .map((call) => new URL(call.url).searchParams)
      .filter((query) => query.get('currentCompanyId') === String(A()));
    expect(pages.length).toBeGreaterThan(2);
    // The first page is counted by the server; each later one carries the previous page's
    // figure, which drops by a full page (2 changes) each time.
    expect(pages[0]?.has('remaining')).toBe(false);
    const sent = pages.slice(1).map((query) => Number(query.get('remaining')));
    expect(sent.every((n) => n > 0)).toBe(true);
    for (let i = 1; i < sent.length; i++) expect((sent[i - 1] ?? 0) - (sent[i] ?? 0)).toBe(2);
  });

  it('shows an owner change made offline at once, keeps it across a restart, applies it once', async () => {
    const { db, engine, net } = await setup();
    const sheetId = h.fx.sheets.draftA.id;
    const before = await localRow(db, 'sheets', sheetId);
    if (!before) throw new Error('sheet not pulled');
    net.offline = true;
    const id = await engine.enqueue(A(), {
      type: 'sheet.changeOwner',
      payload: {
        id: sheetId,
        ifMatch: before.version,
        owner: { id: h.fx.contacts.adminA, name: '张管理' },
      },
    });
    expect(ownerOf(await localRow(db, 'sheets', sheetId))).toBe(h.fx.contacts.adminA);
    expect(engine.status().pending).toBe(1);
    await until(() => net.mutations().length > 0, 'an attempt while offline');
    await engine.stop();

    const restarted = makeEngine(h, db, net);
    engines.push(restarted);
    expect(ownerOf(await localRow(db, 'sheets', sheetId))).toBe(h.fx.contacts.adminA);
    net.offline = false;
    await restarted.start();
    await until(() => restarted.status().pending === 0, 'the change to be applied');
    expect((await serverSheet(h, sheetId)).ownerContactId).toBe(h.fx.contacts.adminA);
    expect(await storedAnswers(h, id)).toBe(1);
    await restarted.pullNow(A());
    expect(await db.outbox.count()).toBe(0);
    const after = await localRow(db, 'sheets', sheetId);
    expect(ownerOf(after)).toBe(h.fx.contacts.adminA);
    expect(after?.version).toBe((await serverSheet(h, sheetId)).version);
  });

  it('maps the server id of a sheet created offline and sends its later save with it', async () => {
    const { db, engine, net } = await setup();
    net.offline = true;
    const temporary = await engine.temporaryId();
    expect(temporary).toBeLessThan(0);
    await engine.enqueue(A(), {
      type: 'sheet.create',
      payload: {
        sheetId: temporary,
        brand: { id: h.fx.brands.logo, name: 'Siemens', view: null },
        lines: [line()],
        saveToDraft: true,
        supplier: null,
        owner: null,
        remark: null,
      },
    });
    await engine.enqueue(A(), {
      type: 'sheet.saveDraft',
      payload: {
        sheetId: temporary,
        ifMatch: 0,
        lines: [line(), line({ productId: h.fx.products.normal, productType: null, qty: 4 })],
        brand: null,
        paymentMethod: null,
        remark: '加急',
      },
    });
    expect(await db.sheets.get([A(), temporary])).toMatchObject({ remark: '加急' });
    net.offline = false;
    await engine.pullNow();
    await until(() => engine.status().pending === 0, 'both entries applied');
    const serverId = new Map(await readIdMapPairs(db)).get(temporary);
    if (serverId === undefined) throw new Error('no id mapped');
    expect(serverId).toBeGreaterThan(0);
    const saves = net
      .mutations()
      .filter((call) => call.url.includes(`/inquiry_quotation/${serverId}?`));
    expect(saves).toEqual([expect.objectContaining({ method: 'POST', status: 200 })]);
    expect(await db.sheets.get([A(), temporary])).toBeUndefined();
    expect(await db.sheets.get([A(), serverId])).toMatchObject({ remark: '加急', id: serverId });
    expect((await serverSheet(h, serverId)).remark).toBe('加急');
    await engine.pullNow(A());
    expect(await db.outbox.count()).toBe(0);
  });

  it('fails a refused entry with the server’s message, rolls it back, and sends other entities', async () => {
    const { db, engine } = await setup();
    const sheetId = h.fx.sheets.sentA.id;
    const orderId = h.fx.orders.contractSignedA.id;
    const sheet = await localRow(db, 'sheets', sheetId);
    const order = await localRow(db, 'orders', orderId);
    if (!sheet || !order) throw new Error('rows not pulled');
    await engine.enqueue(A(), {
      type: 'sheet.changeOwner',
      payload: {
        id: sheetId,
        ifMatch: sheet.version,
        owner: { id: h.fx.contacts.departedA, name: '钱离职' },
      },
    });
    await engine.enqueue(A(), {
      type: 'order.changeOwner',
      payload: {
        id: orderId,
        ifMatch: order.version,
        owner: { id: h.fx.contacts.adminA, name: '张管理' },
      },
    });
    await until(
      () => engine.status().pending === 0 && engine.status().failed.length === 1,
      'one failure and one success',
    );
    const [failed] = engine.status().failed;
    expect(failed?.failure).toMatchObject({ status: 422, message: '负责人必须是本公司的在职员工' });
    expect(await localRow(db, 'sheets', sheetId)).toEqual(sheet);
    expect(ownerOf(await localRow(db, 'orders', orderId))).toBe(h.fx.contacts.adminA);
  });

  it('keeps the server’s row on a 409 and shows both versions', async () => {
    const { db, engine } = await setup();
    const sheetId = h.fx.sheets.draftA.id;
    const local = await localRow(db, 'sheets', sheetId);
    if (!local) throw new Error('sheet not pulled');
    const target =
      ownerOf(local) === h.fx.contacts.userA ? h.fx.contacts.adminA : h.fx.contacts.userA;
    // Someone else changes the owner on the server first.
    const res = await h.server.app.inject({
      method: 'PUT',
      url: `/inquiry-api/v7/inquiry_quotation/${sheetId}/follower?currentCompanyId=${A()}`,
      headers: { authorization: `Bearer ${await h.token()}`, 'if-match': `"${local.version}"` },
      payload: { follower_id: target },
    });
    expect(res.statusCode).toBe(200);
    const changed = await serverSheet(h, sheetId);
    await engine.enqueue(A(), {
      type: 'sheet.changeOwner',
      payload: {
        id: sheetId,
        ifMatch: local.version,
        owner: { id: target, name: '某人' },
      },
    });
    await until(() => engine.status().failed.length === 1, 'the conflict');
    const [failed] = engine.status().failed;
    expect(failed?.failure).toMatchObject({ status: 409, code: 'VERSION_CONFLICT' });
    expect(failed?.failure.serverRow?.version).toBe(changed.version);
    const kept = await localRow(db, 'sheets', sheetId);
    expect(kept?.version).toBe(changed.version);
    expect(ownerOf(kept)).toBe(target);
  });
});
