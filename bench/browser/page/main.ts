// The bench page's main thread: the product's sync worker started through src/sync/client.ts
// (the real engine, session and live client in a dedicated Worker), Dexie live queries on the
// main thread as a screen would hold them, and the raw baseline's own worker. It only measures;
// bench/sync-browser.ts drives it and prints. Times are taken here, on the page's clock.
import { proxy, type Remote, wrap } from 'comlink';
import Dexie, { liveQuery } from 'dexie';
import { overdueOrders, readDashboard } from '../../../src/data/dashboard';
import { openUserDatabase, type PurchasingDb } from '../../../src/data/db';
import type { StoredSheet } from '../../../src/data/derive';
import {
  orderDuePrefix,
  orderFigureShares,
  orderSpendPrefix,
} from '../../../src/data/lists/listKeys';
import { monthsUpTo, SPEND_MONTHS } from '../../../src/domain/dashboard/figures';
import { type ExportRequest, exportFile } from '../../../src/features/export/exportFile';
import type { ExportApi } from '../../../src/features/export/exportWorker';
import type { SyncApi } from '../../../src/sync/api';
import { createSyncClient } from '../../../src/sync/client';
import type { SyncStatus } from '../../../src/sync/engine/status';
import type { BenchPage, OwnerChange, Shown } from '../protocol';
import type { RawApi } from './rawWorker';

const longTasks: PerformanceEntry[] = [];
new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({
  type: 'longtask',
  buffered: true,
});

let sync: Remote<SyncApi> | null = null;
let db: PurchasingDb | null = null;
let watched: { rows: Shown[]; waiters: Array<() => void>; stop(): void } | null = null;
/** The engine's latest status and those waiting for a newer one. */
let latest: SyncStatus | null = null;
const statusWaiters: Array<() => void> = [];

const usage = async () => (await navigator.storage.estimate()).usage ?? 0;
const epoch = (at: number) => performance.timeOrigin + at;

function started(): { sync: Remote<SyncApi>; db: PurchasingDb } {
  if (!sync || !db) throw new Error('the sync is not started');
  return { sync, db };
}

/** Every company pulled to the end of its feed, nothing left to send. */
function settled(status: SyncStatus): boolean {
  return (
    status.pending === 0 &&
    status.companies.length > 0 &&
    status.companies.every((c) => !c.syncing && c.lastSyncedAt !== null)
  );
}

/**
 * Resolves once the engine's status is settled; rejects when a company's pull failed or the
 * server refused an entry (the bench only enqueues changes the server accepts).
 */
async function untilSettled(): Promise<SyncStatus> {
  for (;;) {
    const failed = latest?.companies.find((c) => c.error !== null);
    if (failed) throw new Error(`company ${failed.companyId}: ${failed.error}`);
    const refused = latest?.failed[0];
    if (refused)
      throw new Error(`entry ${refused.type} refused: ${JSON.stringify(refused.failure)}`);
    if (latest && settled(latest)) return latest;
    await new Promise<void>((resolve) => statusWaiters.push(resolve));
  }
}

/**
 * A live query: `first` resolves at its first emission; once `arm()`ed, `matched` resolves to
 * the time (page clock) of the first emission that `accept`s.
 */
function nextMatch<T>(query: () => Promise<T>, accept: (value: T) => boolean) {
  let ready: (() => void) | null = null;
  const first = new Promise<void>((resolve) => {
    ready = resolve;
  });
  let armed = false;
  let subscription: { unsubscribe(): void } | null = null;
  const matched = new Promise<number>((resolve, reject) => {
    subscription = liveQuery(query).subscribe({
      next: (value) => {
        if (armed && accept(value)) resolve(performance.now());
        ready?.();
      },
      error: reject,
    });
  });
  return {
    first,
    arm() {
      armed = true;
    },
    matched,
    stop: () => subscription?.unsubscribe(),
  };
}

const ownerOf = (sheet: StoredSheet | undefined) => sheet?.current_node.contacts_user?.id ?? null;

const bench: BenchPage = {
  async sync(info, token) {
    const client = createSyncClient();
    sync = client;
    db = await openUserDatabase(String(info.userId));
    latest = null;
    await client.onStatus(
      proxy((status: SyncStatus) => {
        latest = status;
        for (const wake of statusWaiters.splice(0)) wake();
      }),
    );
    const before = await usage();
    const t0 = performance.now();
    await client.setToken(token);
    await client.start(info);
    const status = await untilSettled();
    const ms = performance.now() - t0;
    const during = longTasks.filter((task) => task.startTime >= t0);
    return {
      rows: status.companies.reduce((sum, c) => sum + c.done, 0),
      ms,
      longTasks: {
        count: during.length,
        totalMs: during.reduce((sum, task) => sum + task.duration, 0),
      },
      storageBytes: (await usage()) - before,
    };
  },

  async rawBaseline(info, token, pageSize, engineShare) {
    const worker = new Worker(new URL('./rawWorker.ts', import.meta.url), { type: 'module' });
    const raw = wrap<RawApi>(worker);
    try {
      const t0 = performance.now();
      const fetched = await raw.fetchFeeds(info.baseUrl, token, info.companies, pageSize);
      const fetchMs = performance.now() - t0;
      const before = await usage();
      const writeMs = await raw.write(`bench-raw-${info.userId}-${Date.now()}`);
      const storageBytes = (await usage()) - before;
      const engineWrite = await raw.writeAsEngine(
        `bench-engine-write-${info.userId}-${Date.now()}`,
        engineShare,
      );
      return {
        rows: fetched.rows,
        fetchMs,
        writeMs,
        storageBytes,
        tables: fetched.tables,
        engineWrite,
      };
    } finally {
      worker.terminate();
    }
  },

  async enqueueLatencies(companyId, changes: OwnerChange[], settleFirst) {
    const { sync: client, db: local } = started();
    const latencies: number[] = [];
    for (const change of changes) {
      if (settleFirst) await untilSettled();
      const key: [number, number] = [companyId, change.sheetId];
      const sheet = await local.sheets.get(key);
      if (!sheet) throw new Error(`sheet ${change.sheetId} is not stored`);
      const watch = nextMatch(
        () => local.sheets.get(key),
        (row) => ownerOf(row) === change.owner.id,
      );
      await watch.first;
      watch.arm();
      const t0 = performance.now();
      const enqueued = client.enqueue(companyId, {
        type: 'sheet.changeOwner',
        payload: { id: change.sheetId, ifMatch: sheet.version, owner: change.owner },
      });
      latencies.push((await watch.matched) - t0);
      watch.stop();
      await enqueued;
    }
    return latencies;
  },

  async exportOrders(companyId, where) {
    const { db: local } = started();
    const request: ExportRequest = {
      kind: 'orders',
      tab: 'ALL',
      query: { filters: {}, pageNum: 1, pageSize: 50 },
      database: local.name,
      companyId,
      timeZone: 'Asia/Shanghai',
      format: 'xlsx',
      fileName: 'bench',
      sheet: 'bench',
    };
    const t0 = performance.now();
    let made: { file: File; rows: number };
    if (where === 'worker') {
      const worker = new Worker(
        new URL('../../../src/features/export/exportWorker.ts', import.meta.url),
        { type: 'module' },
      );
      const failed = new Promise<never>((_, reject) => {
        worker.addEventListener('error', (event) =>
          reject(new Error(`export worker: ${event.message}`)),
        );
      });
      try {
        made = await Promise.race([
          wrap<ExportApi>(worker).run(
            request,
            proxy(() => {}),
          ),
          failed,
        ]);
      } finally {
        worker.terminate();
      }
    } else {
      made = await exportFile(local, request, () => {});
    }
    const ms = performance.now() - t0;
    // Long tasks are reported a moment after they end.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const during = longTasks.filter((task) => task.startTime >= t0 && task.startTime <= t0 + ms);
    return {
      rows: made.rows,
      bytes: made.file.size,
      ms,
      longTasks: {
        count: during.length,
        maxMs: Math.max(0, ...during.map((task) => task.duration)),
        totalMs: during.reduce((sum, task) => sum + task.duration, 0),
      },
    };
  },

  async settle() {
    const t0 = performance.now();
    await untilSettled();
    return performance.now() - t0;
  },

  async dashboard(companyId, contactId, runs) {
    const { db: local } = started();
    const months = monthsUpTo(Date.now(), SPEND_MONTHS);
    const request = { companyId, contactId, firstMonth: months[0] ?? '', todos: 5 };
    const readMs: number[] = [];
    let kept = await readDashboard(local, request);
    for (let run = 0; run < runs; run += 1) {
      const t0 = performance.now();
      kept = await readDashboard(local, request);
      readMs.push(performance.now() - t0);
    }
    // The baseline: the same spend and due figures counted from every order row.
    const t0 = performance.now();
    const counted = new Map<string, number>();
    let orders = 0;
    await local.orders
      .where(':id')
      .between([companyId, Dexie.minKey], [companyId, Dexie.maxKey])
      .each((order) => {
        orders += 1;
        for (const [key, amount] of orderFigureShares(order)) {
          counted.set(key, (counted.get(key) ?? 0) + amount);
        }
      });
    const scanMs = performance.now() - t0;
    // The counted shares are flat (`bucket#part`): sum them as the page reads the buckets.
    const spendPrefix = orderSpendPrefix(companyId);
    const duePrefix = orderDuePrefix(companyId);
    const spent = new Map<string, number>();
    const due = new Map<string, number>();
    for (const [key, amount] of counted) {
      const [bucket, part = ''] = key.split('#');
      if (bucket?.startsWith(spendPrefix)) {
        const month = bucket.slice(spendPrefix.length);
        if (month < request.firstMonth) continue;
        const sum = `${month}:${part.slice(0, part.indexOf(':'))}`;
        spent.set(sum, (spent.get(sum) ?? 0) + amount);
      } else if (bucket?.startsWith(duePrefix)) due.set(part, amount);
    }
    const agree =
      kept.spend.length === spent.size &&
      kept.spend.every((row) => spent.get(`${row.month}:${row.currency}`) === row.cents) &&
      kept.dueDays.length === due.size &&
      kept.dueDays.every((row) => due.get(row.day) === row.count);
    const today = new Date().toISOString().slice(0, 10);
    const t1 = performance.now();
    const overdue = await overdueOrders(local, companyId, today);
    const overdueMs = performance.now() - t1;
    return { orders, readMs, scanMs, overdueMs, overdue: overdue.total, agree };
  },

  async watchSheet(companyId, sheetId) {
    const { db: local } = started();
    watched?.stop();
    const rows: Shown[] = [];
    const waiters: Array<() => void> = [];
    let first: (() => void) | null = null;
    const loaded = new Promise<void>((resolve) => {
      first = resolve;
    });
    const subscription = liveQuery(() => local.sheets.get([companyId, sheetId])).subscribe({
      next: (sheet) => {
        if (sheet) rows.push({ version: sheet.version, at: epoch(performance.now()) });
        first?.();
        for (const wake of waiters.splice(0)) wake();
      },
    });
    watched = { rows, waiters, stop: () => subscription.unsubscribe() };
    await loaded;
    const current = rows.at(-1);
    if (!current) throw new Error(`sheet ${sheetId} is not stored`);
    return current.version;
  },

  async shownAbove(version) {
    const watch = watched;
    if (!watch) throw new Error('no sheet is watched');
    for (;;) {
      const shown = watch.rows.find((row) => row.version > version);
      if (shown) return shown;
      await new Promise<void>((resolve) => watch.waiters.push(resolve));
    }
  },

  async stop() {
    watched?.stop();
    watched = null;
    await sync?.stop();
    db?.close();
    sync = null;
    db = null;
  },
};

window.bench = bench;
