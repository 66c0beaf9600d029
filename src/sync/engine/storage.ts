// Storage health for the status (DESIGN §4 "Storage faults"): whether the browser
// keeps our data under storage pressure, how much of the quota we use, and local database faults
// in the user's words. After a lost connection the database is opened again, never deleted.
import { type PurchasingDb, SchemaOutdatedError } from '../../data/db';
import { SCHEMA_VERSION } from '../../data/schema';
import {
  classifyStorageError,
  isStorageError,
  type StorageErrorKind,
} from '../../data/storageErrors';
import { STORAGE_MESSAGES } from '../../domain/messages/common';
import { recoverEntries } from './commands';

/** `navigator.storage` as the engine uses it. `persist` exists on pages only, not in workers. */
export interface StorageLike {
  persist?(): Promise<boolean>;
  persisted?(): Promise<boolean>;
  estimate(): Promise<{ usage?: number; quota?: number }>;
}

export interface StorageUse {
  usage: number;
  quota: number;
  /** The browser will not evict our data under storage pressure. */
  persisted: boolean;
}

export interface StorageFault {
  kind: StorageErrorKind;
  message: string;
}

/** How often the estimate is read, besides after each pull. */
export const ESTIMATE_EVERY_MS = 3 * 60_000;

const MESSAGES: Readonly<Record<StorageErrorKind, string>> = STORAGE_MESSAGES;

/** The fault as the status shows it; null when the error is not the storage's. */
export function storageFault(error: unknown): StorageFault | null {
  if (!isStorageError(error)) return null;
  const kind = classifyStorageError(error);
  return { kind, message: MESSAGES[kind] };
}

/** Asks for persistent storage where it can be asked (a page), else reads whether we have it. */
export async function requestPersistence(storage: StorageLike): Promise<boolean> {
  try {
    if (storage.persist) return await storage.persist();
    return (await storage.persisted?.()) ?? false;
  } catch {
    // An opaque origin or storage disabled by the user: not persisted, nothing else to do.
    return false;
  }
}

/** Usage and quota now; null when the browser cannot tell. */
export async function readUse(
  storage: StorageLike,
  persisted: boolean,
): Promise<StorageUse | null> {
  try {
    const { usage, quota } = await storage.estimate();
    return { usage: usage ?? 0, quota: quota ?? 0, persisted };
  } catch {
    return null;
  }
}

/**
 * Watches the storage while the engine runs: persistence asked once at start, usage read then,
 * after each pull (`read`) and every ESTIMATE_EVERY_MS. Without `storage` (Node) it does nothing.
 */
export class StorageWatch {
  private persisted = false;
  private timer: { handle: unknown } | null = null;
  private running = false;

  constructor(
    private readonly deps: {
      storage?: StorageLike;
      setTimer(callback: () => void, ms: number): unknown;
      clearTimer(handle: unknown): void;
    },
    private readonly onUse: (use: StorageUse | null) => void,
  ) {}

  async start(): Promise<void> {
    if (!this.deps.storage || this.running) return;
    this.running = true;
    this.persisted = await requestPersistence(this.deps.storage);
    await this.read();
  }

  stop(): void {
    this.running = false;
    this.clear();
  }

  /** Reads the usage now and re-arms the periodic reading. */
  async read(): Promise<void> {
    const { storage } = this.deps;
    if (!storage || !this.running) return;
    this.clear();
    const use = await readUse(storage, this.persisted);
    if (!this.running) return;
    this.onUse(use);
    this.clear();
    const handle = this.deps.setTimer(() => {
      this.timer = null;
      void this.read();
    }, ESTIMATE_EVERY_MS);
    this.timer = { handle };
  }

  private clear(): void {
    if (this.timer) this.deps.clearTimer(this.timer.handle);
    this.timer = null;
  }
}

/**
 * The engine's record of storage faults: the one the status shows, until a later write succeeds,
 * and what the next push round must mend first (a lost connection; entries a failed round left
 * `sending`, which would otherwise wait for a restart).
 */
export class StorageHealth {
  fault: StorageFault | null = null;
  private reopen = false;
  private recover = false;

  /** Records the error if it is the storage's (false otherwise). */
  note(error: unknown): boolean {
    const fault = storageFault(error);
    if (!fault) return false;
    this.fault = fault;
    if (fault.kind === 'connection-lost') this.reopen = true;
    return true;
  }

  /** A write went through: the fault shown is over. */
  succeeded(): void {
    this.fault = null;
  }

  /** A round stopped midway: the entries it marked `sending` must go back to pending. */
  interrupted(): void {
    this.recover = true;
  }

  /**
   * Called before a push round, when no push runs (so no entry is really in flight; the same
   * Idempotency-Key makes a repeat harmless). False: the database was closed on purpose.
   */
  async mend(db: PurchasingDb): Promise<boolean> {
    if (this.reopen) {
      if (!(await reopenDatabase(db))) return false;
      this.reopen = false;
    }
    if (this.recover) {
      await recoverEntries(db);
      this.recover = false;
    }
    return true;
  }
}

/**
 * After a lost connection: closes and opens the same Dexie instance again (its tables stay usable).
 * False when the database was closed on purpose, with auto-open disabled (another tab's upgrade or
 * sign-out, src/data/db.ts): reopening then would write under a newer schema or recreate a
 * deleted database. A database upgraded meanwhile is closed again and reported as outdated.
 */
export async function reopenDatabase(db: PurchasingDb): Promise<boolean> {
  if (db.hasBeenClosed()) return false;
  db.close({ disableAutoOpen: false });
  await db.open();
  const opened = db.backendDB().version / 10;
  if (opened > SCHEMA_VERSION) {
    db.close({ disableAutoOpen: true });
    throw new SchemaOutdatedError(opened);
  }
  return true;
}
