// The offline-capable mutation types and what an outbox entry of each becomes: its request, its
// optimistic effect, its ordering key, the ids it creates. Each type lives in mutations/*.ts as a
// `MutationSpec`; this module dispatches on `entry.type` so callers never switch on types.

import {
  type MailCreatePayload,
  type MailSetStatePayload,
  type MailUpdatePayload,
  mailCreate,
  mailDelete,
  mailSetState,
  mailUpdate,
  messageDelete,
  type TodoDeletePayload,
} from './mutations/mails';
import { type OrderForecastPayload, orderSetForecast } from './mutations/orderForecast';
import { type OrderCancelPayload, orderRequestCancel } from './mutations/orders';
import type { OwnerChangePayload } from './mutations/owners';
import { orderChangeOwner, sheetChangeOwner } from './mutations/owners';
import type { SheetSaveDraftPayload } from './mutations/sheetDraft';
import { sheetSaveDraft } from './mutations/sheetDraft';
import type { SheetCreatePayload } from './mutations/sheets';
import { sheetCreate } from './mutations/sheets';
import type { FileRef, MutationSpec } from './mutations/spec';
import type { MessagePostPayload, TodoSetStatePayload } from './mutations/todos';
import { messagePost, todoSetState } from './mutations/todos';
import {
  type EntityRef,
  type EntryMeta,
  entityKey,
  type IdMap,
  type OutboxRequest,
  type Row,
  type RowKey,
  type RowMap,
  type UploadedFiles,
} from './types';

export interface Payloads {
  'sheet.create': SheetCreatePayload;
  'sheet.saveDraft': SheetSaveDraftPayload;
  'sheet.changeOwner': OwnerChangePayload;
  'order.changeOwner': OwnerChangePayload;
  'order.requestCancel': OrderCancelPayload;
  'order.setForecast': OrderForecastPayload;
  'message.post': MessagePostPayload;
  'todo.setState': TodoSetStatePayload;
  'message.delete': TodoDeletePayload;
  'mail.create': MailCreatePayload;
  'mail.update': MailUpdatePayload;
  'mail.setState': MailSetStatePayload;
  'mail.delete': TodoDeletePayload;
}
export type MutationType = keyof Payloads;
export type Registry = { readonly [T in MutationType]: MutationSpec<Payloads[T]> };

export const MUTATIONS: Registry = {
  'sheet.create': sheetCreate,
  'sheet.saveDraft': sheetSaveDraft,
  'sheet.changeOwner': sheetChangeOwner,
  'order.changeOwner': orderChangeOwner,
  'order.requestCancel': orderRequestCancel,
  'order.setForecast': orderSetForecast,
  'message.post': messagePost,
  'todo.setState': todoSetState,
  'message.delete': messageDelete,
  'mail.create': mailCreate,
  'mail.update': mailUpdate,
  'mail.setState': mailSetState,
  'mail.delete': mailDelete,
};
export const MUTATION_TYPES = Object.keys(MUTATIONS) as MutationType[];

/** What a screen asks the engine to do: a type and its payload. */
export type MutationInput<T extends MutationType = MutationType> = {
  [K in T]: { type: K; payload: Payloads[K] };
}[T];

/** An outbox entry: bookkeeping plus the mutation and the version of its payload shape. */
export type OutboxEntry<T extends MutationType = MutationType> = {
  [K in T]: EntryMeta & { type: K; typeVersion: number; payload: Payloads[K] };
}[T];

/** Runs `use` with the entry's own spec and payload, typed together. */
function withSpec<T extends MutationType, R>(
  entry: OutboxEntry<T>,
  use: (spec: MutationSpec<Payloads[T]>, payload: Payloads[T]) => R,
): R {
  const spec: MutationSpec<Payloads[T]> = MUTATIONS[entry.type];
  return use(spec, entry.payload);
}

/** The entry with its payload replaced by `change` (same type). */
function withPayload<T extends MutationType>(
  entry: OutboxEntry<T>,
  change: (spec: MutationSpec<Payloads[T]>, payload: Payloads[T]) => Payloads[T],
): OutboxEntry<T> {
  const payload = withSpec(entry, change);
  return { ...entry, payload };
}

export const entityOf = (entry: OutboxEntry): EntityRef =>
  withSpec(entry, (spec, p) => spec.entity(p));

export const touchedKey = (entry: OutboxEntry): RowKey =>
  withSpec(entry, (spec, p) => spec.touches(p));

/** Temporary ids the request names that are not mapped yet (the entry waits for them). */
export const unmappedRefs = (entry: OutboxEntry, idMap: IdMap): number[] =>
  withSpec(entry, (spec, p) => spec.refs(p)).filter((id) => !idMap.has(id));

/** Temporary ids this entry creates on the server. */
export const createdTempIds = (entry: OutboxEntry): number[] =>
  withSpec(entry, (spec, p) => spec.creates(p));

export const filesOf = (entry: OutboxEntry): readonly FileRef[] =>
  withSpec(entry, (spec, p) => spec.files(p));

export const ifMatchOf = (entry: OutboxEntry): number | null =>
  withSpec(entry, (spec, p) => spec.ifMatch(p));

export const withIfMatch = (entry: OutboxEntry, version: number): OutboxEntry =>
  withPayload(entry, (spec, p) => spec.withIfMatch(p, version));

/** The payload with temporary ids replaced by mapped server ids; the entity key follows. */
export function mapPayloadIds(entry: OutboxEntry, idMap: IdMap): OutboxEntry {
  const mapped = withPayload(entry, (spec, p) => spec.mapIds(p, idMap));
  return { ...mapped, entity: entityKey(entityOf(mapped)) };
}

/**
 * The exact HTTP call (docs/api.md): `currentCompanyId` in the query, the entry's
 * Idempotency-Key, and If-Match where the call takes it. Temporary ids are mapped here too; one
 * still unmapped, or a file not uploaded, is a caller error (ordering never sends such an entry).
 */
export function toRequest(
  entry: OutboxEntry,
  idMap: IdMap,
  uploaded: UploadedFiles,
): OutboxRequest {
  const mapped = mapPayloadIds(entry, idMap);
  const missing = unmappedRefs(mapped, idMap);
  if (missing.length > 0) throw new Error(`entry ${entry.id} names unmapped ids ${missing}`);
  const context = { companyId: entry.companyId, createdAt: entry.createdAt };
  const parts = withSpec(mapped, (spec, p) => spec.request(p, uploaded, context));
  const ifMatch = ifMatchOf(mapped);
  return {
    method: parts.method,
    path: parts.path,
    query: { currentCompanyId: String(entry.companyId), ...parts.query },
    body: parts.body,
    headers: {
      'Idempotency-Key': entry.key,
      ...(ifMatch === null ? {} : { 'If-Match': `"${ifMatch}"` }),
    },
  };
}

/** `path?query` for fetch. */
export function requestTarget(request: OutboxRequest): string {
  const query = new URLSearchParams(request.query).toString();
  return query ? `${request.path}?${query}` : request.path;
}

/** The entry's effect on one row (null = absent). */
export const effectOn = (row: Row | null, entry: OutboxEntry): Row | null =>
  withSpec(entry, (spec, p) =>
    spec.effect(row, p, { companyId: entry.companyId, createdAt: entry.createdAt }),
  );

/** The rows after the entry's optimistic effect: only its touched row changes. */
export function optimistic(rows: RowMap, entry: OutboxEntry): Map<RowKey, Row | null> {
  const key = touchedKey(entry);
  const next = new Map(rows);
  next.set(key, effectOn(rows.get(key) ?? null, entry));
  return next;
}

/** [temporary id, server id] pairs from a create's 2xx answer row. */
export const createdIds = (entry: OutboxEntry, answer: Row): Array<readonly [number, number]> =>
  withSpec(entry, (spec, p) => spec.createdIds(p, answer));

/** Whether a pulled row shows this applied entry's effect (then the entry can be removed). */
export function showsEffect(row: Row, entry: OutboxEntry): boolean {
  if (entry.applied === null) return false;
  const version = entry.applied.version;
  return withSpec(entry, (spec, p) => spec.showsEffect(row, p, version));
}
