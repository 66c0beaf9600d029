// Outbox entries in and out of storage: a new entry from a screen's mutation, and an entry read
// back (validated, and its payload upgraded step by step when an older app version wrote it). An
// entry this app cannot read (a newer app wrote it, or it is damaged) is never sent nor dropped:
// it is reported with its stored entity key, which stays blocked.
import { z } from 'zod/mini';
import {
  entityOf,
  MUTATIONS,
  type MutationInput,
  type MutationType,
  type OutboxEntry,
  type Registry,
} from './mutations';
import { asRow, type EntryMeta, entityKey, isRowKey, type Row, type RowKey } from './types';

export interface NewEntry {
  /** This device's id (a uuid kept in meta); with `seq` it makes the entry id. */
  clientId: string;
  seq: number;
  userSub: string;
  companyId: number;
  now: number;
  mutation: MutationInput;
}

export function createEntry({
  clientId,
  seq,
  userSub,
  companyId,
  now,
  mutation,
}: NewEntry): OutboxEntry {
  const id = `${clientId}:${seq}`;
  const entry: OutboxEntry = {
    ...mutation,
    typeVersion: MUTATIONS[mutation.type].version,
    id,
    seq,
    key: id,
    userSub,
    companyId,
    entity: '',
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
    lastError: null,
    failure: null,
    applied: null,
    retries: 0,
    before: {},
  };
  return { ...entry, entity: entityKey(entityOf(entry)) };
}

const storedSchema = z.object({
  id: z.string(),
  seq: z.int(),
  key: z.string(),
  userSub: z.string(),
  companyId: z.int(),
  entity: z.string(),
  status: z.enum(['pending', 'sending', 'applied', 'failed']),
  attempts: z.int(),
  nextAttemptAt: z.number(),
  createdAt: z.number(),
  keySince: z.optional(z.number()),
  lastError: z.nullable(z.string()),
  failure: z.nullable(
    z.object({ status: z.int(), code: z.string(), message: z.string(), serverRow: z.unknown() }),
  ),
  applied: z.nullable(
    z.object({ version: z.nullable(z.int()), id: z.nullable(z.int()), at: z.number() }),
  ),
  retries: z.int(),
  before: z.record(z.string(), z.unknown()),
  type: z.string(),
  typeVersion: z.int(),
  payload: z.unknown(),
});

export type ReadResult =
  | { ok: true; entry: OutboxEntry; upgraded: boolean }
  | { ok: false; id: string | null; entity: string | null; reason: string };

const isType = (registry: Registry, type: string): type is MutationType =>
  Object.hasOwn(registry, type);

function beforeOf(raw: Readonly<Record<string, unknown>>): Partial<Record<RowKey, Row | null>> {
  const before: Partial<Record<RowKey, Row | null>> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (isRowKey(key)) before[key] = value === null ? null : asRow(value);
  }
  return before;
}

/** Runs the upgrade steps from `from` to the spec's version; null when a step is missing. */
export function upgradePayload(
  upgrades: Readonly<Record<number, (payload: unknown) => unknown>>,
  from: number,
  to: number,
  payload: unknown,
): unknown | null {
  let current = payload;
  for (let version = from; version < to; version += 1) {
    const step = upgrades[version];
    if (!step) return null;
    current = step(current);
  }
  return current;
}

/** An entry read back from storage, checked, its payload upgraded to the current shape. */
export function readEntry(raw: unknown, registry: Registry = MUTATIONS): ReadResult {
  const stored = storedSchema.safeParse(raw);
  if (!stored.success) return { ok: false, id: null, entity: null, reason: 'damaged entry' };
  const { type, typeVersion, payload, failure, before, ...meta } = stored.data;
  const unreadable = (reason: string): ReadResult => ({
    ok: false,
    id: meta.id,
    entity: meta.entity,
    reason,
  });
  if (!isType(registry, type)) return unreadable(`unknown type ${type}`);
  const spec = registry[type];
  if (typeVersion > spec.version) return unreadable(`${type} v${typeVersion} is newer`);
  const upgraded = upgradePayload(spec.upgrades, typeVersion, spec.version, payload);
  if (upgraded === null) return unreadable(`${type} v${typeVersion} has no upgrade`);
  const checked = spec.schema.safeParse(upgraded);
  if (!checked.success) return unreadable(`${type} payload is invalid`);
  const entryMeta: EntryMeta = {
    ...meta,
    failure: failure && { ...failure, serverRow: asRow(failure.serverRow) },
    before: beforeOf(before),
  };
  // `type` and `payload` were checked together against the same spec just above.
  const entry = { ...entryMeta, type, typeVersion: spec.version, payload: checked.data };
  return { ok: true, entry: entry as OutboxEntry, upgraded: typeVersion !== spec.version };
}
