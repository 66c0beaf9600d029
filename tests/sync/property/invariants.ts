// The end of a property run: everything healed, the queue left to come to rest,
// then judged twice. While refusals still stand: every refused entry is shown failed, in every
// tab, with the server's own answer (or the device's, never sent); no entry is lost; none was
// applied twice. After the user discarded what was refused and a last pull: the outbox is empty,
// every entry the user kept was applied exactly once (Idempotency-Key records, and the rows its
// marker names; none for a call refused at enqueue), each row's changes landed in the order they
// were made and the last owner change won, and the device's tables equal the server's
// projections of the company, list totals included.

import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { idempotencyKeys } from '../../../server/db/schema/index';
import type { FeedRowOf } from '../../../src/contract/feedRows';
import type { PurchasingDb } from '../../../src/data/db';
import { DERIVE } from '../../../src/data/derive';
import { readIdMapPairs } from '../../../src/data/meta';
import { recountTotals } from '../../../src/data/totals';
import { companyRowKeys } from '../../../src/data/writes';
import { isRecord } from '../../../src/domain/guards';
import { SYNC_LABELS } from '../../../src/domain/messages/sync';
import { CREATE_DISCARDED_CODE } from '../../../src/sync/core/lifecycle';
import { asRow, type Row } from '../../../src/sync/core/types';
import { loadOutbox } from '../../../src/sync/outbox';
import type { Tab } from './device';
import type { Enqueued, Play } from './play';
import { finalPull, rest, runOn, someTab } from './rest';
import { ownerOf } from './screens';
import { type CompanyView, companyView, markedTexts } from './tenant';
import { waitFor } from './wait';

const STATUS_LAG_MS = 2000;

interface StoredAnswer {
  key: string;
  status: number;
  body: unknown;
}

/** `abc:7.r2` → `abc:7`: the keys of one entry (a retry after a refusal adds `.rN`). */
const entryOfKey = (key: string) => key.replace(/\.r\d+$/, '');

const errorMessage = (body: unknown) =>
  isRecord(body) && typeof body.error_message === 'string' ? body.error_message : undefined;

/** Statuses whose message the app words itself (messages/common.ts), whatever the server says. */
const WORDED_BY_APP = new Set([401, 403, 413]);

export async function judge(play: Play): Promise<void> {
  const { device, faults } = play.ctx;
  // The last steps' requests meet the faults still waiting before everything heals.
  await runOn(play);
  faults.heal();
  await device.heal();
  await device.waitForLeader();
  await rest(play);
  await finalPull(play);
  await checkStanding(play);
  const discarded = await discardRefusals(play);
  await checkFinal(play, discarded);
}

async function storedAnswers(play: Play): Promise<Map<string, StoredAnswer[]>> {
  const { server, tenant } = play.ctx;
  const rows = await server.db.database.db
    .select()
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.subject, String(tenant.userAccount)));
  const byEntry = new Map<string, StoredAnswer[]>();
  for (const row of rows) {
    const entry = entryOfKey(row.key);
    byEntry.set(entry, [...(byEntry.get(entry) ?? []), row]);
  }
  return byEntry;
}

const successes = (answers: Map<string, StoredAnswer[]>, id: string) =>
  (answers.get(id) ?? []).filter((answer) => answer.status === 200);

/** Entries whose enqueue never answered (their tab died): the server may hold them, once. */
function checkUnknown(play: Play, answers: Map<string, StoredAnswer[]>): void {
  const known = new Set(play.entries.flatMap((e) => (e.id === null ? [] : [e.id])));
  const unknown = [...answers.keys()].filter((id) => !known.has(id));
  const uncertain = play.entries.filter((e) => e.id === null && !e.refused).length;
  expect(
    unknown.length,
    `entries on the server the user never made: ${unknown}`,
  ).toBeLessThanOrEqual(uncertain);
  for (const id of unknown)
    expect(successes(answers, id).length, `${id} applied twice`).toBeLessThanOrEqual(1);
}

/** Before the user decides: refusals shown with the server's answer; nothing lost; none twice. */
async function checkStanding(play: Play): Promise<void> {
  const { device, faults } = play.ctx;
  const tab = someTab(play);
  const outbox = new Map((await loadOutbox(tab.db)).entries.map((e) => [e.id, e]));
  play.settleUnansweredDiscards(new Set(outbox.keys()));
  const answers = await storedAnswers(play);
  for (const entry of play.entries) {
    if (entry.id === null) continue;
    const applied = successes(answers, entry.id).length;
    expect(applied, `${entry.id} applied ${applied} times`).toBeLessThanOrEqual(1);
    if (entry.mustFail) expect(applied, `${entry.id} applied though ${entry.mustFail}`).toBe(0);
    const stored = outbox.get(entry.id);
    if (!stored) {
      if (!play.discarded.has(entry.id))
        expect(applied, `${entry.id} left the outbox unapplied and undiscarded`).toBe(1);
      continue;
    }
    if (stored.status !== 'failed') continue;
    expect(applied, `${entry.id} shown failed though applied`).toBe(0);
    // Refused on the device (its sheet's create was discarded): the server never saw it.
    if (stored.failure?.code === CREATE_DISCARDED_CODE) {
      expect(answers.get(entry.id), `${entry.id} sent though refused here`).toBeUndefined();
      expect(stored.failure.message).toBe(SYNC_LABELS.CREATE_DISCARDED);
      continue;
    }
    // The server's refusal under the entry's key: the one it stored (a replay answers it again),
    // else (409, 403: never stored) the last such answer that reached the device.
    const kept = (answers.get(entry.id) ?? []).find((a) => a.key === stored.key);
    const answer =
      kept ??
      faults.answers.findLast(
        (a) => a.key === stored.key && a.delivered && a.status === stored.failure?.status,
      );
    expect(answer, `${entry.id} failed with no such answer from the server`).toBeDefined();
    if (!answer) continue;
    expect(stored.failure?.status, `${entry.id}'s failure status`).toBe(answer.status);
    if (!WORDED_BY_APP.has(answer.status))
      expect(stored.failure?.message, `${entry.id}'s failure message`).toBe(
        errorMessage(answer.body),
      );
    if (answer.status === 409)
      expect(stored.failure?.serverRow, `${entry.id}: the server's row of the 409`).not.toBeNull();
  }
  checkUnknown(play, answers);
  // Every tab shows the same refusals with the same messages (the status may lag a moment).
  const failures = [...outbox.values()]
    .filter((e) => e.status === 'failed')
    .map((e) => ({ id: e.id, message: e.failure?.message }))
    .sort((a, b) => a.id.localeCompare(b.id));
  const shown = async (tab: Tab) =>
    (await tab.session.status()).failed
      .map((f) => ({ id: f.id, message: f.failure.message }))
      .sort((a, b) => a.id.localeCompare(b.id));
  for (const tab of device.usable()) {
    let last: unknown = null;
    await waitFor(
      async () => {
        last = await shown(tab);
        return JSON.stringify(last) === JSON.stringify(failures);
      },
      'the refusals shown',
      STATUS_LAG_MS,
    ).catch(() => {
      expect(last, `refusals shown in ${tab.runtime.id}`).toEqual(failures);
    });
  }
}

/**
 * The user discards every refused entry (the ones behind them then go) until none is left;
 * resolves to whether anything was discarded.
 */
async function discardRefusals(play: Play): Promise<boolean> {
  for (let round = 0; round < 20; round += 1) {
    const tab = someTab(play);
    const { entries } = await loadOutbox(tab.db);
    if (entries.length === 0) return round > 0;
    const failed = entries.filter((e) => e.status === 'failed');
    if (failed.length === 0)
      throw new Error(`outbox not empty at rest: ${entries.map((e) => e.id)}`);
    for (const entry of failed) {
      for (const id of await tab.session.discard(entry.id)) play.discarded.add(id);
    }
    await rest(play);
  }
  throw new Error('refusals kept coming back');
}

/** The ordering key of an applied entry, with temporary ids mapped. */
function entityOf(entry: Enqueued, idMap: ReadonlyMap<number, number>): string {
  const id = (n: number) => (n < 0 ? (idMap.get(n) ?? n) : n);
  const m = entry.mutation;
  switch (m.type) {
    case 'sheet.create':
      return `sheets:${id(m.payload.sheetId)}`;
    case 'sheet.saveDraft':
      return `sheets:${id(m.payload.sheetId)}`;
    case 'sheet.changeOwner':
      return `sheets:${id(m.payload.id)}`;
    case 'order.changeOwner':
    case 'order.requestCancel':
    case 'order.setForecast':
      return `orders:${m.payload.id}`;
    case 'message.post':
      return `threads:${m.payload.module}:${id(m.payload.moduleId)}`;
    case 'todo.setState':
      return `todos:${m.payload.todoId}`;
    case 'message.delete':
    case 'mail.create':
    case 'mail.update':
    case 'mail.setState':
    case 'mail.delete':
      return `todos:${id(m.payload.todoId)}`;
  }
}

/** The owner an applied entry set, if it sets one (a create without owner: its creator). */
function ownerSet(entry: Enqueued, play: Play): number | null {
  const m = entry.mutation;
  if (m.type === 'sheet.changeOwner' || m.type === 'order.changeOwner') return m.payload.owner.id;
  if (m.type === 'sheet.create') return m.payload.owner?.id ?? play.ctx.tenant.staff.user.id;
  return null;
}

async function checkFinal(play: Play, discarded: boolean): Promise<void> {
  const { server, tenant } = play.ctx;
  const tab = someTab(play);
  // Entries that waited behind a discarded one went out since the last pull.
  if (discarded) await finalPull(play);
  expect(await tab.db.outbox.count(), 'entries left in the outbox').toBe(0);
  const view = await companyView(server.db.database.db, tenant.companyId);
  const answers = await storedAnswers(play);
  const idMap = new Map(await readIdMapPairs(tab.db));
  const texts = markedTexts(view);
  /** Per row (or thread): the versions our applied changes produced, in the order made. */
  const commits = new Map<string, Array<{ entry: Enqueued; version: number }>>();
  for (const entry of play.entries) {
    const marked =
      entry.marker === null ? null : texts.filter((t) => t.includes(entry.marker ?? ''));
    if (entry.id === null) {
      if (marked)
        expect(marked.length, `${entry.marker} made more than once`).toBeLessThanOrEqual(
          entry.refused ? 0 : 1,
        );
      continue;
    }
    const applied = successes(answers, entry.id);
    if (!play.discarded.has(entry.id))
      expect(applied.length, `${entry.id} (${entry.type}) applied exactly once`).toBe(1);
    if (marked) expect(marked.length, `rows marked ${entry.marker}`).toBe(applied.length);
    const answer = applied[0];
    const row = asRow(isRecord(answer?.body) ? answer.body.data : null);
    if (!row) continue;
    const owner = ownerSet(entry, play);
    if (owner !== null) expect(ownerOf(row), `the owner ${entry.id} set`).toBe(owner);
    const entity = entityOf(entry, idMap);
    commits.set(entity, [...(commits.get(entity) ?? []), { entry, version: row.version }]);
  }
  for (const [entity, list] of commits) {
    const versions = list.map((c) => c.version);
    const strictly = !entity.startsWith('todos:');
    for (let i = 1; i < versions.length; i += 1) {
      const [before, after] = [versions[i - 1] ?? 0, versions[i] ?? 0];
      expect(
        strictly ? after > before : after >= before,
        `${entity}: changes landed out of order (versions ${versions} for entries ${list.map((c) => c.entry.id)})`,
      ).toBe(true);
    }
  }
  checkOwners(play, view, answers);
  await expectDeviceMatches(tab.db, view);
}

/**
 * The last owner change on the server wins: the owner each sheet and order ends with is the one
 * of its latest change, ours or someone else's, by commit order. Our changes are read from every
 * stored answer, so a change whose enqueue never answered (its tab died) counts too.
 */
function checkOwners(play: Play, view: CompanyView, answers: Map<string, StoredAnswer[]>): void {
  const changes = new Map<string, Array<{ version: number; owner: number }>>();
  const add = (entity: string, version: number, owner: number | null) => {
    if (owner !== null) changes.set(entity, [...(changes.get(entity) ?? []), { version, owner }]);
  };
  for (const answer of [...answers.values()].flat()) {
    const row = answer.status === 200 && isRecord(answer.body) ? asRow(answer.body.data) : null;
    const table = row ? tableOfRow(row) : null;
    if (row && table) add(`${table}:${row.id}`, row.version, ownerOf(row));
  }
  for (const other of play.others) add(`${other.table}:${other.id}`, other.version, other.owner);
  for (const [entity, list] of changes) {
    const last = list.reduce((a, b) => (b.version > a.version ? b : a));
    const [table, id] = entity.split(':');
    const row = (table === 'orders' ? view.orders : view.sheets).get(Number(id)) ?? null;
    expect(ownerOf(row), `${entity}: the last owner change (v${last.version}) wins`).toBe(
      last.owner,
    );
  }
}

/** Which table an answered row is of: sheets have `current_node`, orders `current_order_node`. */
function tableOfRow(row: Row): 'sheets' | 'orders' | null {
  if ('current_order_node' in row) return 'orders';
  return 'current_node' in row ? 'sheets' : null;
}

/** A server row as the device stores it: through JSON (the wire), plus the derived fields. */
function stored(table: 'sheets' | 'orders' | 'todos', companyId: number, row: Row) {
  const wire: unknown = JSON.parse(JSON.stringify(row));
  switch (table) {
    case 'sheets':
      return DERIVE.sheets(companyId, wire as FeedRowOf['sheets']);
    case 'orders':
      return DERIVE.orders(companyId, wire as FeedRowOf['orders']);
    case 'todos':
      return DERIVE.todos(companyId, wire as FeedRowOf['todos']);
  }
}

/**
 * The device's rows of the view's company equal the server's projections, list totals included
 * (also the fault test's check of every headless client; `who` names the device in a failure).
 */
export async function expectDeviceMatches(
  db: PurchasingDb,
  view: CompanyView,
  who = 'the device',
): Promise<void> {
  const { companyId } = view;
  for (const table of ['sheets', 'orders', 'todos'] as const) {
    const keys = await companyRowKeys(db, table, companyId);
    const byId = new Map<number, unknown>();
    for (const value of (await db.table(table).bulkGet(keys)) as unknown[]) {
      const row = asRow(value);
      if (row) byId.set(row.id, value);
    }
    const expected = [...view[table].values()].map((row) => stored(table, companyId, row));
    const ids = (list: number[]) => list.sort((a, b) => a - b);
    expect(ids([...byId.keys()]), `${table} ids on ${who}`).toEqual(
      ids(expected.map((row) => row.id)),
    );
    for (const row of expected)
      expect(byId.get(row.id), `${table}:${row.id} on ${who}`).toEqual(row);
  }
  const kept = await db.listTotals.toArray();
  await recountTotals(db, companyId);
  expect(await db.listTotals.toArray(), `list totals kept in step with the rows on ${who}`).toEqual(
    kept,
  );
}
