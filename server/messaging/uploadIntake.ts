// How an upload is received (security review M10): the file streams in from the request, its
// bytes counted against the size limit, and its type judged from the first bytes as soon as they
// are in, so a refused or oversized file is never held whole. Only an accepted file is kept, as
// the list of chunks busboy handed over plus the one Buffer the database insert needs (before:
// the chunks, their concatenation, a base64 string and the SQL parameter built from it).
// At most a few uploads run at once per account and per process (UploadSlots), and a company's
// stored files are bounded by UPLOAD_QUOTA_MB (fileQuota.ts).
import type { Readable } from 'node:stream';

/** Bytes the type is judged from: the sniffer reads the first 1 KB, magic numbers are shorter. */
export const HEAD_BYTES = 4096;

export type Intake<V> =
  | { kind: 'received'; bytes: Buffer; verdict: V }
  | { kind: 'refused'; verdict: V }
  | { kind: 'too-large' };

/**
 * Reads `file` (a multipart part's stream; busboy sets `truncated` once it passes its size
 * limit) to the end. `judge` sees the first HEAD_BYTES (or the whole file if smaller) once;
 * when `refuses` says so, the rest is read and dropped without being kept.
 */
export async function receiveFile<V>(
  file: Readable & { truncated?: boolean },
  maxBytes: number,
  judge: (head: Buffer) => V,
  refuses: (verdict: V) => boolean,
): Promise<Intake<V>> {
  const chunks: Buffer[] = [];
  let size = 0;
  let verdict: { value: V } | null = null;
  let keep = true;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (!keep) continue;
    if (size >= maxBytes || file.truncated) {
      keep = false;
      chunks.length = 0;
      continue;
    }
    chunks.push(chunk);
    if (verdict === null && size >= HEAD_BYTES) {
      verdict = { value: judge(headOf(chunks)) };
      if (refuses(verdict.value)) {
        keep = false;
        chunks.length = 0;
      }
    }
  }
  if (size >= maxBytes || file.truncated) return { kind: 'too-large' };
  const bytes = chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, size);
  chunks.length = 0;
  if (verdict === null) verdict = { value: judge(bytes) };
  if (refuses(verdict.value)) return { kind: 'refused', verdict: verdict.value };
  return { kind: 'received', bytes, verdict: verdict.value };
}

function headOf(chunks: Buffer[]): Buffer {
  const first = chunks[0];
  if (first && first.length >= HEAD_BYTES) return first.subarray(0, HEAD_BYTES);
  return Buffer.concat(chunks).subarray(0, HEAD_BYTES);
}

/** Why an upload could not start: too many of this account's, or of this process's, running. */
export type SlotRefusal = 'account' | 'process';

/**
 * Uploads running at once. Each holds up to 20 MB in memory until it is stored, so a process
 * bounds them (8 × 20 MB at most), and one account cannot take them all; the app sends its
 * uploads one at a time, so 2 per account leaves room for a second device.
 */
export class UploadSlots {
  private running = 0;
  private readonly byAccount = new Map<number, number>();

  constructor(
    readonly perAccount = 2,
    readonly perProcess = 8,
  ) {}

  /** A release function, or why no slot is free. Call the release exactly once. */
  take(accountId: number): (() => void) | SlotRefusal {
    const mine = this.byAccount.get(accountId) ?? 0;
    if (mine >= this.perAccount) return 'account';
    if (this.running >= this.perProcess) return 'process';
    this.running++;
    this.byAccount.set(accountId, mine + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      const left = (this.byAccount.get(accountId) ?? 1) - 1;
      if (left <= 0) this.byAccount.delete(accountId);
      else this.byAccount.set(accountId, left);
    };
  }
}
