// Uploading the blobs outbox entries wait for, before those entries go (DESIGN §4): one multipart
// `POST /api/v7/files` per file under an Idempotency-Key of its own, so a repeat after a lost
// answer gets the first answer back and the server stores the file once. The answer is written to
// the files row, and `uploaded` is read from there: it survives a restart, and a file answered
// once is never uploaded again. Outcomes are classified like entries' (core/outcomes.ts).
import { FILE_ROUTES, uploadedFileSchema } from '../../contract/api/files';
import { readFiles, recordUpload } from '../../data/files';
import type { FileUploadAnswer, PendingFile } from '../../data/outboxTypes';
import { ATTACHMENT_MISSING } from '../../domain/messages/common';
import type { OutboxEntry } from '../core/mutations';
import type { FileRef } from '../core/mutations/spec';
import { filesWaitedFor, type SendState } from '../core/ordering';
import { classifyAnswer, classifyError, type Outcome, retryAt } from '../core/outcomes';
import { loadOutbox } from '../outbox';
import { fileIdsOf } from './files';
import { call } from './http';
import { engineTables } from './localRows';
import { type PushDeps, recordOutcome } from './push';

type Waited = ReadonlyArray<{ entry: OutboxEntry; ref: FileRef }>;

/**
 * Uploads that ended in "try again", per file, with their backoff. In memory, as the pull's are:
 * after a restart a file is simply tried at once.
 */
export class UploadRetries {
  private readonly waits = new Map<string, { attempts: number; at: number }>();

  constructor(private readonly random: () => number) {}

  /** The files the heads wait for (ordering.ts `filesWaitedFor`) that may be tried now. */
  due(entries: readonly OutboxEntry[], state: SendState, now: number): Waited {
    return filesWaitedFor(entries, state, now).filter(
      ({ ref }) => ref.clientFileId === null || (this.waits.get(ref.clientFileId)?.at ?? 0) <= now,
    );
  }

  failed(id: string, now: number, retryAfterMs: number | null): void {
    const attempts = (this.waits.get(id)?.attempts ?? 0) + 1;
    this.waits.set(id, { attempts, at: retryAt(attempts, now, this.random, retryAfterMs) });
  }

  answered(id: string): void {
    this.waits.delete(id);
  }

  /** When the earliest file a head waits for may be tried again; null when none waits. */
  wakeAt(entries: readonly OutboxEntry[], state: SendState, now: number): number | null {
    let earliest: number | null = null;
    for (const { ref } of filesWaitedFor(entries, state, now)) {
      const at = ref.clientFileId === null ? undefined : this.waits.get(ref.clientFileId)?.at;
      if (at !== undefined && (earliest === null || at < earliest)) earliest = at;
    }
    return earliest;
  }
}

export type UploadRound = 'done' | 'offline' | 'auth';

/** An entry naming a file this device no longer holds: refused here, it would wait for ever. */
const MISSING: Outcome = {
  kind: 'rejected',
  status: 0,
  code: 'FILE_MISSING',
  message: ATTACHMENT_MISSING,
  serverRow: null,
};

/** An upload's bytes sent so far, and its size; null once it has its answer (or none came). */
export type UploadProgress = (
  fileId: string,
  progress: { sent: number; total: number } | null,
) => void;

async function send(
  deps: PushDeps,
  file: PendingFile & { blob: Blob },
  token: string,
  onProgress: UploadProgress,
): Promise<Outcome> {
  const form = new FormData();
  form.append('file', file.blob, file.name);
  const query = new URLSearchParams({
    currentCompanyId: String(file.companyId),
    documentType: file.documentType,
  });
  const { upload } = deps;
  // The multipart body is a little larger than the file: progress is shown against the body.
  const fetchFn = upload
    ? (url: string, init: RequestInit) =>
        upload(url, init, (sent, total) => onProgress(file.id, { sent, total }))
    : deps.fetch;
  onProgress(file.id, { sent: 0, total: file.blob.size });
  const result = await call(fetchFn, deps.baseUrl, {
    method: 'POST',
    target: `${FILE_ROUTES.uploadFile.path()}?${query}`,
    token,
    headers: { 'Idempotency-Key': `file:${file.id}` },
    form,
  });
  onProgress(file.id, null);
  return result.kind === 'network'
    ? classifyError(result.error)
    : classifyAnswer(result.answer, deps.now());
}

/** The answer of an applied upload, or null when it is not one (then it is tried again). */
function answerOf(outcome: Outcome): FileUploadAnswer | null {
  if (outcome.kind !== 'applied') return null;
  const read = uploadedFileSchema.safeParse(outcome.data);
  if (!read.success) return null;
  const { object_name, url, name, content_type, size } = read.data;
  return { objectName: object_name, url, name, contentType: content_type, size };
}

/** Refuses, in one transaction, every entry still waiting that `names` picks (rolled back). */
function failEntries(
  deps: PushDeps,
  names: (entry: OutboxEntry) => boolean,
  outcome: Outcome,
): Promise<void> {
  const { db } = deps;
  return db.transaction('rw', engineTables(db), async () => {
    for (const entry of (await loadOutbox(db)).entries) {
      if (entry.status === 'pending' && names(entry)) await recordOutcome(deps, entry.id, outcome);
    }
  });
}

/**
 * Uploads the files the heads wait for (those `retries.due` gives), one at a time, and records
 * each answer. A refusal (4xx, 403) fails the entries naming that file with the server's message,
 * as a file no longer on the device does with ours; "try again" waits in `retries`; no answer
 * ends the round as offline, a 401 as auth (the engine pauses).
 */
export async function uploadWaiting(
  deps: PushDeps,
  retries: UploadRetries,
  waited: Waited,
  token: string,
  onProgress: UploadProgress = () => {},
): Promise<UploadRound> {
  const unnamed = new Set(waited.filter((w) => w.ref.clientFileId === null).map((w) => w.entry.id));
  if (unnamed.size > 0) await failEntries(deps, (entry) => unnamed.has(entry.id), MISSING);
  const named = waited.flatMap((w) => (w.ref.clientFileId === null ? [] : [w.ref.clientFileId]));
  const ids = [...new Set(named)];
  const rows = new Map((await readFiles(deps.db, ids)).map((row) => [row.id, row]));
  for (const id of ids) {
    const names = (entry: OutboxEntry) => fileIdsOf([entry]).has(id);
    const row = rows.get(id);
    if (!row?.blob) {
      await failEntries(deps, names, MISSING);
      continue;
    }
    const outcome = await send(deps, { ...row, blob: row.blob }, token, onProgress);
    const answer = answerOf(outcome);
    if (answer) {
      await recordUpload(deps.db, id, answer);
      retries.answered(id);
      continue;
    }
    switch (outcome.kind) {
      case 'auth':
        return 'auth';
      case 'rejected':
      case 'forbidden':
        retries.answered(id);
        await failEntries(deps, names, outcome);
        break;
      default: {
        // 'retry', or a 2xx that is not an upload's answer (something in between answered).
        const retryAfter = outcome.kind === 'retry' ? outcome.retryAfterMs : null;
        retries.failed(id, deps.now(), retryAfter);
        if (outcome.kind === 'retry' && outcome.status === null) return 'offline';
      }
    }
  }
  return 'done';
}
