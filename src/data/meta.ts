// The `meta` table: per-company sync state (feed cursor, last synced time), the schema version
// that last wrote the database, this device's client id, and the service worker's last background
// delivery. One module owns these keys.
import type { PurchasingDb } from './db';

/** Sync state of one company of the user. */
export interface CompanySyncMeta {
  key: `company:${number}`;
  companyId: number;
  /** The feed cursor: the version of the last entry applied ('' = from the start). */
  cursor: string;
  /** Epoch ms of the last pull that reached the end of the feed; null before the first. */
  lastSyncedAt: number | null;
}

/** The schema version that last wrote the database (set at creation and by each upgrade). */
export interface SchemaMeta {
  key: 'schema';
  version: number;
  upgradedAt: number;
}

/** This device's id for this user: the first half of every outbox entry id. */
export interface ClientMeta {
  key: 'client';
  clientId: string;
}

/**
 * Counters that must never repeat for this user on this device, even after the outbox empties:
 * entry sequences (a repeated entry id would be a repeated Idempotency-Key, and the server would
 * answer an old result) and temporary (negative) row ids.
 */
export interface SequenceMeta {
  key: 'sequence';
  /** The last entry sequence handed out. */
  entry: number;
  /** The last temporary id handed out (negative, decreasing). */
  temporary: number;
}

/** Temporary id → server id pairs learned from applied creates (kept for late references). */
export interface IdMapMeta {
  key: 'idMap';
  pairs: Array<[temporary: number, server: number]>;
}

/**
 * The service worker's last delivery of the outbox while the app was closed
 * (src/sync/background.ts), kept for diagnostics and the e2e, which waits for `runs` to rise.
 */
export interface BackgroundRunMeta {
  key: 'background:last';
  /** Runs that opened this database, this one included. */
  runs: number;
  /** Epoch ms of the run's end. */
  at: number;
  /** `handed-over`: a tab opened meanwhile, and the run stopped for it. */
  outcome: 'delivered' | 'handed-over';
  /** The engine's DeliveryReport (src/sync/engine/engine.ts), summed over a rerun. */
  sent: number;
  applied: number;
  refused: number;
  left: number;
  pausedForAuth: boolean;
  /** The session was renewed once after a missing or refused token, and the run went again. */
  renewed: boolean;
}

export type MetaRow =
  | CompanySyncMeta
  | SchemaMeta
  | ClientMeta
  | SequenceMeta
  | IdMapMeta
  | BackgroundRunMeta;

export const companyMetaKey = (companyId: number): CompanySyncMeta['key'] => `company:${companyId}`;

const isCompanyMeta = (row: MetaRow | undefined): row is CompanySyncMeta =>
  row?.key.startsWith('company:') ?? false;

/** The company's sync state; a company never synced starts from the beginning of its feed. */
export async function readCompanySync(
  db: PurchasingDb,
  companyId: number,
): Promise<CompanySyncMeta> {
  const row = await db.meta.get(companyMetaKey(companyId));
  return isCompanyMeta(row)
    ? row
    : { key: companyMetaKey(companyId), companyId, cursor: '', lastSyncedAt: null };
}

/**
 * Records the cursor (and, when the feed was read to its end, the time). Called inside the pull's
 * page transaction, so the cursor never runs ahead of the rows it stands for.
 */
export async function writeCompanySync(
  db: PurchasingDb,
  companyId: number,
  state: { cursor: string; lastSyncedAt?: number },
): Promise<void> {
  const previous = await readCompanySync(db, companyId);
  await db.meta.put({
    ...previous,
    cursor: state.cursor,
    lastSyncedAt: state.lastSyncedAt ?? previous.lastSyncedAt,
  });
}

/** This device's client id, created on first use (databases created by populate already have one). */
export function readClientId(db: PurchasingDb): Promise<string> {
  return db.transaction('rw', db.meta, async () => {
    const row = await db.meta.get('client');
    if (row?.key === 'client') return row.clientId;
    const client: ClientMeta = { key: 'client', clientId: globalThis.crypto.randomUUID() };
    await db.meta.put(client);
    return client.clientId;
  });
}

/** The schema version recorded by the last creation or upgrade of this database. */
export async function readSchemaMeta(db: PurchasingDb): Promise<SchemaMeta | undefined> {
  const row = await db.meta.get('schema');
  return row?.key === 'schema' ? row : undefined;
}

/** Reserves the next entry sequence and/or temporary id; call inside a rw transaction on meta. */
export async function nextSequence(
  db: PurchasingDb,
  take: { entry?: boolean; temporary?: boolean },
): Promise<{ entry: number; temporary: number }> {
  const row = await db.meta.get('sequence');
  const current =
    row?.key === 'sequence' ? row : { key: 'sequence' as const, entry: 0, temporary: 0 };
  const next: SequenceMeta = {
    key: 'sequence',
    entry: current.entry + (take.entry ? 1 : 0),
    temporary: current.temporary - (take.temporary ? 1 : 0),
  };
  await db.meta.put(next);
  return { entry: next.entry, temporary: next.temporary };
}

/** The stored temporary → server id pairs. */
export async function readIdMapPairs(db: PurchasingDb): Promise<Array<[number, number]>> {
  const row = await db.meta.get('idMap');
  return row?.key === 'idMap' ? row.pairs : [];
}

export async function writeIdMapPairs(
  db: PurchasingDb,
  pairs: Array<[number, number]>,
): Promise<void> {
  await db.meta.put({ key: 'idMap', pairs });
}

/** Companies with a sync state here (pulled at least once since their last clear). */
export async function syncedCompanyIds(db: PurchasingDb): Promise<number[]> {
  const rows = await db.meta.where('key').startsWith('company:').toArray();
  return rows.filter(isCompanyMeta).map((row) => row.companyId);
}

/** The last background delivery recorded here, if any. */
export async function readBackgroundRun(db: PurchasingDb): Promise<BackgroundRunMeta | undefined> {
  const row = await db.meta.get('background:last');
  return row?.key === 'background:last' ? row : undefined;
}

/** Records a background delivery and counts it; resolves to the row written. */
export function recordBackgroundRun(
  db: PurchasingDb,
  run: Omit<BackgroundRunMeta, 'key' | 'runs'>,
): Promise<BackgroundRunMeta> {
  return db.transaction('rw', db.meta, async () => {
    const runs = ((await readBackgroundRun(db))?.runs ?? 0) + 1;
    const row: BackgroundRunMeta = { ...run, key: 'background:last', runs };
    await db.meta.put(row);
    return row;
  });
}
