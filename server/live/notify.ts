// How a live event travels as NOTIFY payloads. PostgreSQL refuses a payload of 8000 bytes or
// more, and a module's message event carries a whole to-do (subject, files, names), so a large
// event is cut into chunks that are sent in the same transaction: PostgreSQL delivers the
// notifications of one transaction together and in order, so the listener can reassemble them
// without a table, a second query or a cleanup job.
import { randomUUID } from 'node:crypto';
import { isRecord } from '../../src/domain/guards';

/**
 * What a committed write tells the live channel: a topic and its payload. (The client's
 * `LiveEvent` in src/sync/api.ts is what a tab hears; this is what the server publishes.)
 */
export type NotifyEvent = {
  topic: string;
  payload: unknown;
  /** When the writer published it (ms since the epoch, just before its commit): for /metrics. */
  at?: number;
};

/** The one NOTIFY channel every server process listens on (server/live/bus.ts). */
export const LIVE_CHANNEL = 'live_events';

/** PostgreSQL's limit is "less than 8000 bytes"; keep a margin for the chunk envelope. */
export const NOTIFY_PAYLOAD_LIMIT = 7900;
// base64 is ASCII (one byte per character) and needs no JSON escaping: the envelope stays small.
const CHUNK_CHARS = 7000;

type Chunk = { chunk: { id: string; n: number; of: number; data: string } };

/** The NOTIFY payloads for one event: the JSON itself, or its chunks when it is too large. */
export function encodeLiveEvent(event: NotifyEvent): string[] {
  const json = JSON.stringify({
    topic: event.topic,
    payload: event.payload ?? null,
    ...(event.at === undefined ? {} : { at: event.at }),
  });
  if (Buffer.byteLength(json, 'utf8') < NOTIFY_PAYLOAD_LIMIT) return [json];
  const data = Buffer.from(json, 'utf8').toString('base64');
  const id = randomUUID();
  const of = Math.ceil(data.length / CHUNK_CHARS);
  const parts: string[] = [];
  for (let n = 0; n < of; n += 1) {
    const piece = data.slice(n * CHUNK_CHARS, (n + 1) * CHUNK_CHARS);
    parts.push(JSON.stringify({ chunk: { id, n, of, data: piece } } satisfies Chunk));
  }
  return parts;
}

function asEvent(value: unknown): NotifyEvent | null {
  if (!isRecord(value) || typeof value.topic !== 'string') return null;
  const event: NotifyEvent = { topic: value.topic, payload: value.payload ?? null };
  if (typeof value.at === 'number' && Number.isFinite(value.at)) event.at = value.at;
  return event;
}

function asChunk(value: unknown): Chunk['chunk'] | null {
  if (!isRecord(value) || !isRecord(value.chunk)) return null;
  const { id, n, of, data } = value.chunk;
  if (typeof id !== 'string' || typeof data !== 'string') return null;
  if (!Number.isInteger(n) || !Number.isInteger(of)) return null;
  const index = n as number;
  const count = of as number;
  if (count < 1 || count > 10_000 || index < 0 || index >= count) return null;
  return { id, n: index, of: count, data };
}

type Pending = { parts: Array<string | undefined>; received: number; startedAt: number };

/**
 * Turns NOTIFY payloads back into events. A chunked event whose other parts never come (the
 * listening connection dropped in between) is forgotten after `staleMs`.
 */
export class LiveDecoder {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly staleMs = 60_000) {}

  /** The event this payload completes, null while a chunked event is incomplete; throws on garbage. */
  accept(payload: string, now = Date.now()): NotifyEvent | null {
    const parsed: unknown = JSON.parse(payload);
    const chunk = asChunk(parsed);
    if (!chunk) {
      const event = asEvent(parsed);
      if (!event) throw new Error('live payload is neither an event nor a chunk');
      return event;
    }
    this.forgetStale(now);
    const entry = this.pending.get(chunk.id) ?? {
      parts: new Array<string | undefined>(chunk.of).fill(undefined),
      received: 0,
      startedAt: now,
    };
    if (entry.parts.length !== chunk.of) throw new Error('live chunk count changed');
    if (entry.parts[chunk.n] === undefined) entry.received += 1;
    entry.parts[chunk.n] = chunk.data;
    if (entry.received < chunk.of) {
      this.pending.set(chunk.id, entry);
      return null;
    }
    this.pending.delete(chunk.id);
    const json = Buffer.from(entry.parts.join(''), 'base64').toString('utf8');
    const event = asEvent(JSON.parse(json));
    if (!event) throw new Error('reassembled live payload is not an event');
    return event;
  }

  /** Chunked events still waiting for parts (for tests and diagnostics). */
  get pendingCount(): number {
    return this.pending.size;
  }

  private forgetStale(now: number): void {
    for (const [id, entry] of this.pending) {
      if (now - entry.startedAt > this.staleMs) this.pending.delete(id);
    }
  }
}
