// The engine under local storage faults, against the real server on loopback: a Dexie table
// method made to fail once (quota exceeded, a lost connection) while the engine records a push
// answer, writes a pull page or runs a command. The status shows the classified fault with its
// message until a later write succeeds; the entry is never lost and is applied exactly once,
// without a restart (an entry left `sending` goes again; a lost connection is reopened). Also:
// persistent storage asked for at start, usage and quota in the status.
import { isRecord } from '../../../src/domain/guards';
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PurchasingDb } from '../../../src/data/db';
import { STORAGE_MESSAGES } from '../../../src/domain/messages/common';
import { asRow } from '../../../src/sync/core/types';
import type { SyncStatus } from '../../../src/sync/engine/status';
import type { StorageLike } from '../../../src/sync/engine/storage';
import {
  engineSuite,
  type Harness,
  makeEngine,
  Network,
  openLocal,
  serverSheet,
  storedAnswers,
  synced,
  until,
} from './engineHarness';

type Method = (...args: never[]) => Promise<unknown>;

/**
 * Makes `target[method]` reject once with `error`, on the first call whose arguments `when`
 * accepts; every other call goes to the real method.
 */
function failOnce(
  target: object,
  method: string,
  error: Error,
  when: (args: readonly unknown[]) => boolean = () => true,
) {
  const methods = target as Record<string, Method>;
  const original = methods[method];
  if (!original) throw new Error(`no method ${method}`);
  const state = { fired: false };
  methods[method] = ((...args: never[]) => {
    if (!state.fired && when(args)) {
      state.fired = true;
      return Promise.reject(error);
    }
    return original.apply(target, args);
  }) as Method;
  return state;
}

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/** A bulkPut of outbox entries that records an applied answer. */
const recordsApplied = (args: readonly unknown[]) =>
  Array.isArray(args[0]) && args[0].some((row) => isRecord(row) && row.status === 'applied');

describe('sync engine under storage faults', () => {
  const suite = engineSuite();
  const { engines, dbs } = suite;
  let h: Harness;
  beforeAll(() => {
    h = suite.harness;
  });

  const A = () => h.fx.companies.buyerA;

  async function setup(storage?: StorageLike) {
    const net = new Network();
    const db = await openLocal();
    dbs.push(db);
    const engine = makeEngine(h, db, net, {
      companies: [A()],
      ...(storage ? { storage } : {}),
    });
    engines.push(engine);
    const seen: SyncStatus[] = [];
    engine.subscribe((status) => seen.push(status));
    await engine.start();
    await synced(engine);
    return { db, engine, net, seen };
  }

  /** An owner change of the draft to whoever does not own it now (on the server). */
  async function ownerChange(db: PurchasingDb) {
    const sheetId = h.fx.sheets.draftA.id;
    const row = asRow(await db.sheets.get([A(), sheetId]));
    if (!row) throw new Error('sheet not pulled');
    const owner = (await serverSheet(h, sheetId)).ownerContactId;
    const to = owner === h.fx.contacts.adminA ? h.fx.contacts.userA : h.fx.contacts.adminA;
    return {
      sheetId,
      to,
      mutation: {
        type: 'sheet.changeOwner' as const,
        payload: { id: sheetId, ifMatch: row.version, owner: { id: to, name: '负责人' } },
      },
    };
  }

  const faults = (seen: readonly SyncStatus[]) =>
    seen.flatMap((status) => (status.storageError ? [status.storageError] : []));

  it('shows a quota fault while recording an answer, then sends the entry again, applied once', async () => {
    const { db, engine, net, seen } = await setup();
    const fault = failOnce(db.outbox, 'bulkPut', quotaError(), recordsApplied);
    const change = await ownerChange(db);
    const id = await engine.enqueue(A(), change.mutation);
    await until(() => fault.fired && engine.status().pending === 0, 'the entry applied');

    expect(faults(seen)).toContainEqual({ kind: 'quota', message: STORAGE_MESSAGES.quota });
    expect(engine.status().storageError).toBeNull();
    // Left `sending` by the failed write, it went again with the same key, no restart needed.
    const sends = net.mutations().filter((call) => call.url.includes(`/${change.sheetId}/`));
    expect(sends.map((call) => call.status)).toEqual([200, 200]);
    expect(await storedAnswers(h, id)).toBe(1);
    expect((await serverSheet(h, change.sheetId)).ownerContactId).toBe(change.to);
  });

  it('reopens the database after a lost connection and goes on', async () => {
    const { db, engine, seen } = await setup();
    const opens = vi.spyOn(db, 'open');
    const lost = failOnce(db.outbox, 'bulkPut', new Dexie.DatabaseClosedError(), recordsApplied);
    const change = await ownerChange(db);
    const id = await engine.enqueue(A(), change.mutation);
    await until(() => lost.fired && engine.status().pending === 0, 'the entry applied');

    expect(faults(seen)).toContainEqual({
      kind: 'connection-lost',
      message: STORAGE_MESSAGES['connection-lost'],
    });
    expect(opens).toHaveBeenCalledTimes(1);
    expect(db.isOpen()).toBe(true);
    expect(engine.status().storageError).toBeNull();
    expect(await storedAnswers(h, id)).toBe(1);
    expect((await serverSheet(h, change.sheetId)).ownerContactId).toBe(change.to);
    await engine.pullNow(A());
    expect(await db.outbox.count()).toBe(0);
  });

  it('shows a quota fault of a pull page on the company and pulls it again', async () => {
    const { db, engine, seen } = await setup();
    // Pages are written through the pull's relaxed connection (src/data/db.ts forPulls).
    const pageWrite = failOnce(
      (await db.forPulls()).meta,
      'put',
      quotaError(),
      ([row]) => isRecord(row) && typeof row.key === 'string' && row.key.startsWith('company:'),
    );
    await engine.pullNow(A());
    expect(pageWrite.fired).toBe(true);
    expect(seen.some((s) => s.companies[0]?.error === STORAGE_MESSAGES.quota)).toBe(true);
    expect(faults(seen)).toContainEqual({ kind: 'quota', message: STORAGE_MESSAGES.quota });
    await until(
      () => engine.status().companies[0]?.error === null && engine.status().storageError === null,
      'the pull tried again',
    );
  });

  it('hands a command’s storage fault back to the caller, keeps the entry, clears on success', async () => {
    const { db, engine } = await setup();
    const sheetId = h.fx.sheets.sentA.id;
    const sheet = asRow(await db.sheets.get([A(), sheetId]));
    if (!sheet) throw new Error('sheet not pulled');
    // Refused by the server (a departed owner): a failed entry the user may retry.
    const id = await engine.enqueue(A(), {
      type: 'sheet.changeOwner',
      payload: {
        id: sheetId,
        ifMatch: sheet.version,
        owner: { id: h.fx.contacts.departedA, name: '钱离职' },
      },
    });
    await until(() => engine.status().failed.length === 1, 'the refusal');

    failOnce(db.outbox, 'bulkPut', quotaError());
    await expect(engine.retry(id)).rejects.toMatchObject({ name: 'QuotaExceededError' });
    expect(engine.status().storageError).toEqual({
      kind: 'quota',
      message: STORAGE_MESSAGES.quota,
    });
    expect(engine.status().failed).toEqual([expect.objectContaining({ id })]);

    expect(await engine.discard(id)).toEqual([id]);
    expect(engine.status().storageError).toBeNull();
    expect(engine.status().failed).toEqual([]);
  });

  it('asks for persistent storage at start and shows usage and quota, read again after a pull', async () => {
    const estimate = vi.fn(async () => ({ usage: 5_000_000, quota: 80_000_000 }));
    const persist = vi.fn(async () => true);
    const { engine } = await setup({ persist, estimate });
    await until(() => engine.status().storage !== null, 'the first estimate');
    expect(persist).toHaveBeenCalledTimes(1);
    expect(engine.status().storage).toEqual({
      usage: 5_000_000,
      quota: 80_000_000,
      persisted: true,
    });
    const reads = estimate.mock.calls.length;
    estimate.mockResolvedValue({ usage: 6_000_000, quota: 80_000_000 });
    await engine.pullNow(A());
    await until(() => engine.status().storage?.usage === 6_000_000, 'a new estimate');
    expect(estimate.mock.calls.length).toBeGreaterThan(reads);
  });

  it('reads whether storage is persisted where it cannot be asked (a worker)', async () => {
    const persisted = vi.fn(async () => false);
    const { engine } = await setup({ persisted, estimate: async () => ({ usage: 1, quota: 2 }) });
    await until(() => engine.status().storage !== null, 'the first estimate');
    expect(persisted).toHaveBeenCalledTimes(1);
    expect(engine.status().storage).toEqual({ usage: 1, quota: 2, persisted: false });
  });
});
