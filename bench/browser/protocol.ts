// What the bench page (bench/browser/page/) offers the Node driver (bench/sync-browser.ts), typed
// once for both sides: the page sets `window.bench`, the driver calls it through Playwright's
// `page.evaluate`. Only structured-clonable values cross.
import type { SyncSessionInfo } from '../../src/sync/api';

export interface SyncFigures {
  /** Rows the engine wrote (the pulls' `done`, summed over companies). */
  rows: number;
  ms: number;
  /** Main-thread long tasks (PerformanceObserver 'longtask') between start and the end. */
  longTasks: { count: number; totalMs: number };
  /** navigator.storage.estimate() usage after minus before. */
  storageBytes: number;
}

export interface TableFigures {
  rows: number;
  /** JSON length of the stored rows (derived fields included), summed. */
  jsonBytes: number;
}

export interface RawFigures {
  rows: number;
  /** Fetching and parsing every feed page (not part of the raw rate). */
  fetchMs: number;
  /** The bulkPut transactions only. */
  writeMs: number;
  storageBytes: number;
  tables: Record<string, TableFigures>;
  /** A share of the same pages through the engine's writePage (src/sync/engine/pull.ts). */
  engineWrite: { rows: number; ms: number };
}

/** One export of the order list (every order, as .xlsx) and the page's long tasks meanwhile. */
export interface ExportFigures {
  rows: number;
  bytes: number;
  ms: number;
  longTasks: { count: number; maxMs: number; totalMs: number };
}

/**
 * The 工作台's read (src/data/dashboard.ts) timed `runs` times on the page's main thread, as its
 * live query runs, beside the baseline of the same figures counted by reading every order row.
 */
export interface DashboardFigures {
  orders: number;
  readMs: number[];
  scanMs: number;
  /** The overdue orders read off the rows (the dialog), and how many there were. */
  overdueMs: number;
  overdue: number;
  /** The kept figures equal those the scan counted. */
  agree: boolean;
}

/** One owner change to enqueue: the sheet and its new owner. */
export interface OwnerChange {
  sheetId: number;
  owner: { id: number; name: string };
}

/** When the watched row showed a newer version: epoch ms (performance.timeOrigin based). */
export interface Shown {
  version: number;
  at: number;
}

export interface BenchPage {
  /**
   * Starts the product's sync worker (src/sync/client.ts) for `info` and resolves once every
   * company is pulled to the end of its feed and nothing is pending.
   */
  sync(info: SyncSessionInfo, token: string): Promise<SyncFigures>;
  /**
   * Fetches the same feeds once, then bulkPuts them page by page into a fresh database; then
   * writes every `engineShare`th page with the engine's writePage into another.
   */
  rawBaseline(
    info: SyncSessionInfo,
    token: string,
    pageSize: number,
    engineShare: number,
  ): Promise<RawFigures>;
  /**
   * Ms from each enqueue to the live query showing the new owner, one change after another;
   * with `settleFirst` each waits until the previous one is sent and pulled back (engine idle).
   */
  enqueueLatencies(
    companyId: number,
    changes: OwnerChange[],
    settleFirst: boolean,
  ): Promise<number[]>;
  /**
   * Exports the company's order list (tab ALL, default sort) to .xlsx with the product's export
   * (src/features/export): in its worker, as the app does, or on this page's main thread (the
   * baseline: what the page would freeze for without the worker).
   */
  exportOrders(companyId: number, where: 'worker' | 'page'): Promise<ExportFigures>;
  /** Times the 工作台's figures against counting them from the rows (DashboardFigures). */
  dashboard(companyId: number, contactId: number, runs: number): Promise<DashboardFigures>;
  /** Resolves to the ms until the outbox is sent and every company pulled again. */
  settle(): Promise<number>;
  /** Starts a live query on one sheet; resolves to its current version. */
  watchSheet(companyId: number, sheetId: number): Promise<number>;
  /** Resolves when the watched sheet shows a version above `version`. */
  shownAbove(version: number): Promise<Shown>;
  stop(): Promise<void>;
}

declare global {
  interface Window {
    bench: BenchPage;
  }
}
