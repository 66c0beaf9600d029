// The process-wide live event bus. Every server process LISTENs on one channel of the shared
// database; writers NOTIFY inside their transaction (ChangeSet.flush), so an event reaches every
// process after its commit and never after a rollback. The bus hands each event to the local
// subscribers of its topic. It knows nothing of Fastify: the websocket hub, the simulator and
// scripts all use it alike.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { encodeLiveEvent, LIVE_CHANNEL, LiveDecoder } from './notify';

export type LiveHandler = (payload: unknown, topic: string) => void;

export interface LiveBus {
  /** Calls `handler` for every event on `topic` until the returned function is called. */
  subscribe(topic: string, handler: LiveHandler): () => void;
  /**
   * Sends an event that belongs to no write transaction, to every process. Inside a write, use
   * `changes.emit` instead: it is sent only if the transaction commits (and calling this from
   * inside a PGlite transaction would wait for that transaction forever).
   */
  publish(topic: string, payload: unknown): Promise<void>;
  /**
   * Calls `handler` each time the database listener is back after an outage (until the returned
   * function is called): every NOTIFY of the outage was lost, so what they would have told
   * (a revoked membership, ended sign-ins) must be read again.
   */
  onResync(handler: () => void): () => void;
  /** Topics with at least one local subscriber (diagnostics, tests). */
  readonly topicCount: number;
  /** Whether the database listener is up; false while it reconnects (/healthz reports it). */
  readonly listening: boolean;
  close(): Promise<void>;
}

export type LiveBusOptions = {
  /**
   * Told about payloads that cannot be decoded, handlers that throw and a lost database listener
   * (which reconnects by itself); the bus carries on.
   */
  onError?: (error: unknown, context: string) => void;
  /** An event published at `at` (by any process) was handed to this process's subscribers. */
  onDelivered?: (at: number) => void;
};

/** The payload of the poke sent after the listener came back: events may have been missed. */
export const RESYNC_POKE = { resync: true } as const;
const POKE_TOPIC_PREFIX = 'sync.poke.';

export async function createLiveBus(
  database: Database,
  options: LiveBusOptions = {},
): Promise<LiveBus> {
  const handlers = new Map<string, Set<LiveHandler>>();
  const resyncHandlers = new Set<() => void>();
  const decoder = new LiveDecoder();
  const report = options.onError ?? (() => {});
  let closed = false;
  let listening = true;

  const dispatch = (topic: string, payload: unknown) => {
    const set = handlers.get(topic);
    if (!set) return;
    // A copy: a handler may unsubscribe (itself or another) while we iterate.
    for (const handler of [...set]) {
      try {
        handler(payload, topic);
      } catch (error) {
        report(error, `live handler for ${topic}`);
      }
    }
  };

  const stopListening = await database.listen(
    LIVE_CHANNEL,
    (raw) => {
      if (closed) return;
      let event: ReturnType<LiveDecoder['accept']>;
      try {
        event = decoder.accept(raw);
      } catch (error) {
        report(error, 'undecodable live payload');
        return;
      }
      if (!event) return;
      dispatch(event.topic, event.payload);
      if (event.at !== undefined) options.onDelivered?.(event.at);
    },
    {
      onDown(error) {
        listening = false;
        report(error, 'live listener lost; reconnecting');
      },
      onUp() {
        listening = true;
        // NOTIFYs sent while the listener was away never reach us: every company with a client
        // here gets a poke, so its clients pull the feed and miss nothing. Local only: another
        // process whose listener stayed up missed nothing.
        for (const topic of [...handlers.keys()]) {
          if (topic.startsWith(POKE_TOPIC_PREFIX)) dispatch(topic, RESYNC_POKE);
        }
        // Revocations (account.revoked.*, account.signins.*) of the outage were lost too: every
        // socket re-checks its token and companies (review #10).
        for (const handler of [...resyncHandlers]) {
          try {
            handler();
          } catch (error) {
            report(error, 'live resync handler');
          }
        }
      },
    },
  );

  return {
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) {
        set = new Set();
        handlers.set(topic, set);
      }
      set.add(handler);
      return () => {
        const current = handlers.get(topic);
        if (!current) return;
        current.delete(handler);
        if (current.size === 0) handlers.delete(topic);
      };
    },
    onResync(handler) {
      resyncHandlers.add(handler);
      return () => {
        resyncHandlers.delete(handler);
      };
    },
    async publish(topic, payload) {
      if (closed) throw new Error('the live bus is closed');
      const notifies = encodeLiveEvent({ topic, payload }).map(
        (message) => sql`pg_notify(${LIVE_CHANNEL}, ${message})`,
      );
      // One statement is one transaction: the chunks of a large event are delivered together.
      await database.db.execute(sql`select ${sql.join(notifies, sql`, `)}`);
    },
    get topicCount() {
      return handlers.size;
    },
    get listening() {
      return listening && !closed;
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      resyncHandlers.clear();
      await stopListening();
    },
  };
}
