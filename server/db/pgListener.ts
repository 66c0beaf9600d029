// LISTEN on PostgreSQL that survives outages (security review M6). LISTEN is per session, so it
// runs on a dedicated connection outside the pool; when that connection is lost (error, end, or a
// probe that gets no answer) it reconnects with capped, jittered backoff for as long as it takes,
// and says so: `onDown` when it is lost, `onUp` once it listens again (NOTIFYs sent in between
// never reached this process, so the caller has to make its clients catch up).
import pg from 'pg';

export type ListenEvents = {
  /** The listening connection was lost; reconnecting has started. */
  onDown?(error: unknown): void;
  /** Listening again after a loss (not called for the first connection). */
  onUp?(): void;
};

export type ListenerTiming = {
  /** First retry waits up to this long; each failure doubles it. */
  baseMs: number;
  /** The longest wait between two attempts. */
  capMs: number;
  /** How often the idle connection is asked `select 1`, so a silently dead one is noticed. */
  probeMs: number;
  /** Connecting, the LISTEN and a probe must answer within this. */
  timeoutMs: number;
  random: () => number;
};

export const LISTENER_TIMING: ListenerTiming = {
  baseMs: 250,
  // Live events must flow again within 10 s of the database's return (issue 19), and NOTIFYs
  // sent before the LISTEN is back are lost: a 30 s cap let the sixth retry of a restart that
  // took a few seconds wait up to 16 s (tests/system/faults.test.ts failed so on a loaded CI
  // machine). One connection attempt every 2 s at most, per process, costs the database nothing.
  capMs: 2_000,
  probeMs: 30_000,
  timeoutMs: 10_000,
  random: Math.random,
};

export const LISTENER_APPLICATION_NAME = 'purchasing-live-listener';

/** "Full jitter": a uniform wait in [0, min(cap, base · 2^attempt)), so servers do not retry in step. */
export function retryDelay(
  attempt: number,
  timing: Pick<ListenerTiming, 'baseMs' | 'capMs' | 'random'>,
) {
  const ceiling = Math.min(timing.capMs, timing.baseMs * 2 ** Math.min(attempt, 30));
  return Math.floor(Math.min(Math.max(timing.random(), 0), 0.999) * ceiling);
}

/**
 * Listens on `channel` at `url` until the returned function is called. The first connection must
 * succeed (the server refuses to start otherwise); later losses are retried without end.
 */
export async function listenWithReconnect(
  url: string,
  channel: string,
  handler: (payload: string) => void,
  events: ListenEvents = {},
  timing: ListenerTiming = LISTENER_TIMING,
): Promise<() => Promise<void>> {
  const statement = `listen "${channel.replaceAll('"', '')}"`;
  /** Closes the connection now listening, without a reconnect (stop). */
  let closeCurrent: (() => Promise<void>) | null = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;

  /** Opens a connection and LISTENs; rejects (with the connection closed) on any failure. */
  const open = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: url,
      // Named, so an operator sees it in pg_stat_activity (and a test can find it).
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: timing.timeoutMs,
      query_timeout: timing.timeoutMs,
    });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handler(message.payload);
    });
    // Until `watch` takes over, failures surface as the rejection below; an 'error' event
    // without a listener would crash the process.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query(statement);
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  };

  const retry = () => {
    if (stopped || retryTimer) return;
    const wait = retryDelay(attempt, timing);
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (stopped) return;
      open().then(
        (client) => {
          if (stopped) {
            void client.end().catch(() => {});
            return;
          }
          attempt = 0;
          watch(client);
          events.onUp?.();
        },
        () => retry(),
      );
    }, wait);
  };

  /** From now on, any sign of loss closes `client` and starts the reconnect, once. */
  const watch = (client: pg.Client) => {
    let lost = false;
    const probe = setInterval(() => {
      client.query('select 1').catch(lose);
    }, timing.probeMs);
    probe.unref();
    const close = () => {
      lost = true;
      clearInterval(probe);
      client.removeAllListeners('notification');
      return client.end().catch(() => {});
    };
    const lose = (error: unknown) => {
      if (lost) return;
      closeCurrent = null;
      void close();
      if (stopped) return;
      events.onDown?.(error);
      retry();
    };
    closeCurrent = close;
    client.on('error', lose);
    client.on('end', () => lose(new Error('the listening connection ended')));
  };

  watch(await open());
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    const close = closeCurrent;
    closeCurrent = null;
    await close?.();
  };
}
