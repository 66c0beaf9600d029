// What each offline mutation type must say about itself, and the helpers the types share (the
// company query, file references). One `MutationSpec` per type; `mutations.ts` dispatches on the
// entry's `type` and knows nothing of any one type.
import { z } from 'zod/mini';
import {
  type EntityRef,
  type HttpMethod,
  type IdMap,
  isTemporaryId,
  type Row,
  type RowKey,
  type UploadedFiles,
} from '../types';

/** What an effect may know besides the payload: the entry's company and enqueue time. */
export interface EffectContext {
  companyId: number;
  createdAt: number;
}

/** A request before the outbox adds `currentCompanyId`, `Idempotency-Key` and `If-Match`. */
export interface RequestParts {
  method: HttpMethod;
  path: string;
  query?: Readonly<Record<string, string>>;
  body?: unknown;
}

export interface MutationSpec<P> {
  /** The payload shape's version now; an older stored entry is upgraded step by step. */
  readonly version: number;
  /** `upgrades[v]` turns a stored payload of version v into version v + 1. */
  readonly upgrades: Readonly<Record<number, (payload: unknown) => unknown>>;
  /** Checks a payload read back from storage (after upgrading). */
  readonly schema: z.ZodMiniType<P>;
  /** The per-entity ordering key. */
  entity(payload: P): EntityRef;
  /** The local row the optimistic effect changes. */
  touches(payload: P): RowKey;
  /** Temporary ids the request names that must be mapped to server ids first. */
  refs(payload: P): number[];
  /** Temporary ids this entry creates (mapped from its answer). */
  creates(payload: P): number[];
  files(payload: P): readonly FileRef[];
  mapIds(payload: P, map: IdMap): P;
  /** The If-Match version, or null when the call takes none. */
  ifMatch(payload: P): number | null;
  withIfMatch(payload: P, version: number): P;
  request(payload: P, files: UploadedFiles, context: EffectContext): RequestParts;
  /** The row after the change; pure and idempotent (applying twice = once). */
  effect(row: Row | null, payload: P, context: EffectContext): Row | null;
  /** [temporary id, server id] pairs read from the 2xx answer row. */
  createdIds(payload: P, answer: Row): Array<readonly [number, number]>;
  /** Whether a pulled row shows this applied entry's effect (so the entry can go). */
  showsEffect(row: Row, payload: P, appliedVersion: number | null): boolean;
}

/** The common reading of "shows its effect": the row reached the version the server answered. */
export function versionReached(row: Row, appliedVersion: number | null): boolean {
  return appliedVersion === null || row.version >= appliedVersion;
}

/**
 * A file a mutation sends: either already on the server (`objectName`) or a blob of the local
 * `files` table (`clientFileId`) that is uploaded before the entry goes out.
 */
export const fileRefSchema = z.object({
  clientFileId: z.nullable(z.string()),
  objectName: z.nullable(z.string()),
  name: z.string(),
  contentType: z.string(),
  size: z.number(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

export function fileWaiting(ref: FileRef, uploaded: UploadedFiles): boolean {
  return ref.objectName === null && (ref.clientFileId === null || !uploaded.has(ref.clientFileId));
}

/** The server's object name; throws when the upload is missing (ordering sends only ready entries). */
export function objectNameOf(ref: FileRef, uploaded: UploadedFiles): string {
  if (ref.objectName !== null) return ref.objectName;
  const file = ref.clientFileId === null ? undefined : uploaded.get(ref.clientFileId);
  if (!file) throw new Error(`file ${ref.clientFileId ?? ref.name} is not uploaded yet`);
  return file.object_name;
}

/** The attachment as rows show it; a blob not uploaded yet is named by its client id. */
export function attachmentView(ref: FileRef) {
  return {
    object_name: ref.objectName ?? '',
    name: ref.name,
    content_type: ref.contentType,
    size: ref.size,
    client_file_id: ref.clientFileId,
  };
}

export function mapId(id: number, map: IdMap): number {
  return isTemporaryId(id) ? (map.get(id) ?? id) : id;
}

export const temporary = (...ids: Array<number | null>): number[] =>
  ids.filter((id): id is number => id !== null && isTemporaryId(id));

export const isoTime = (epochMs: number): string => new Date(epochMs).toISOString();

export const idSchema = z.int();
