// The live channel client (DESIGN §3, docs/api.md §4): one reconnecting websocket in the sync
// worker (no DOM; the WebSocket class and the clock are injected). It is responsible for:
// - signing in with the access token (`connect`), and sending a fresh one before it expires;
// - the topics: `sync.poke.{companyId}` of each company plus any extra, held again after every
//   reconnect, and `onReady` once a sign-in's subscribes are all answered (a snapshot read then
//   misses no change);
// - routing events: a poke means "pull the feed"; counters, module messages and others go to
//   their callbacks;
// - staying alive: a fixed reconnect delay (a growing one after refusals for load), the app asked
//   to renew a refused token, and an application ping to notice a dead connection (a browser
//   cannot see the server's protocol pings).
import ReconnectingWebSocket from 'reconnecting-websocket';
import { WEBSOCKET_RECONNECT_MS } from '../../domain/todos/todoCodes';
import { TOPICS } from '../../domain/todos/topics';
import { backoff } from '../core/outcomes';
import { after, type Cancel, type Clock, systemClock } from '../ports';
import {
  CLOSE_FORBIDDEN,
  CLOSE_NOT_A_MEMBER,
  CLOSE_UNAUTHORIZED,
  type ClientFrame,
  countOf,
  parseServerFrame,
  refreshDelayMs,
  routeOfTopic,
  type ServerFrame,
  tokenExpiryMs,
} from './frames';

/** A WebSocket class: the worker's own, or `ws`'s in Node tests. */
export type WebSocketConstructor = {
  new (url: string, protocols?: string | string[]): unknown;
  readonly CLOSING: number;
};

export type LiveStatus = 'connecting' | 'connected' | 'offline' | 'closed' | 'forbidden';

export type LiveClientOptions = {
  url: string;
  userId: number;
  /** The user's companies: each gets its `sync.poke.{id}` subscription. */
  companies: readonly number[];
  /** Further topics to hold from the start (to-do counters, …). */
  topics?: readonly string[];
  /** The current access token, or null when signed out. */
  getToken(): Promise<string | null>;
  /** Asks the app to renew the token (the server refused it or it is about to expire). */
  renewToken(): Promise<void> | void;
  onPoke(companyId: number): void;
  /**
   * A poke `{"resync": true}`: the server's database listener came back from an outage, so
   * counter and chat events of the gap were lost (the poke's pull brings the rows).
   */
  onResync?(companyId: number): void;
  onCounter?(topic: string, count: number): void;
  onMessageEvent?(topic: string, payload: unknown): void;
  /** Events on any other topic (`todo.state.*`, …). */
  onEvent?(topic: string, payload: unknown): void;
  onStatus?(status: LiveStatus): void;
  /**
   * The server closed the socket because the account left one of its companies (4410): pull
   * now, so the feed's NOT_A_MEMBER clears that company. The channel reconnects as usual.
   */
  onMembershipEnded?(): void;
  /**
   * After each sign-in, once the server has answered every topic wanted then (held or refused):
   * from here on no change to those topics goes unsent, so a snapshot read now misses nothing.
   */
  onReady?(): void;
  /** A topic the server would not give us (`FORBIDDEN`, `TOO_MANY_TOPICS`); it is dropped. */
  onTopicRefused?(topic: string, errorCode: string): void;
  WebSocket?: WebSocketConstructor;
  /** Time and timers; the runtime's own by default. */
  clock?: Clock;
  /** Delay before each reconnect; default WEBSOCKET_RECONNECT_MS. */
  reconnectMs?: number;
  /** Application ping interval; a socket silent for a whole interval is replaced. */
  pingMs?: number;
  /** How long before the token's expiry a fresh one is sent. */
  refreshMarginMs?: number;
  /** How long an opening socket may take. */
  connectTimeoutMs?: number;
  /** The jitter of the wait after a refusal for load (default Math.random). */
  random?: () => number;
};

export const LIVE_CLIENT_DEFAULTS = {
  pingMs: 25_000,
  refreshMarginMs: 60_000,
  connectTimeoutMs: 10_000,
} as const;

const SOCKET_OPEN = 1;

/**
 * Refusals for load (server/live/limits.ts: too many sockets or subscribes; the server then closes
 * 1008): reconnecting at the fixed delay would only be refused again, so the wait grows.
 */
const THROTTLED = new Set(['TOO_MANY_CONNECTIONS', 'TOO_MANY_REQUESTS']);
/** The longest wait after refusals for load. */
export const THROTTLED_MAX_WAIT_MS = 5 * 60_000;

const isResyncPoke = (payload: unknown): boolean =>
  typeof payload === 'object' &&
  payload !== null &&
  (payload as { resync?: unknown }).resync === true;

export class LiveClient {
  private readonly socket: ReconnectingWebSocket;
  private readonly clock: Clock;
  /** Topics we want, kept across reconnects. */
  private readonly wanted = new Set<string>();
  /** Topics the server confirmed on the current socket. */
  private readonly held = new Set<string>();
  /** Topics of the sign-in's subscribes not yet answered; null once `onReady` was called. */
  private unanswered: Set<string> | null = null;
  /** Bumped on every open and close so late async work for an old socket does nothing. */
  private generation = 0;
  private signedIn = false;
  private token: string | null = null;
  private renewal: Promise<void> | null = null;
  /** The socket generation that last asked for a renewal (its error frame and close are one ask). */
  private renewedFor = -1;
  private heard = true;
  private cancelPing: Cancel | null = null;
  private cancelRefresh: Cancel | null = null;
  private stopped = false;
  /** Refusals for load in a row (reset once a sign-in's subscribes are all answered). */
  private throttled = 0;
  private cancelRetry: Cancel | null = null;

  constructor(private readonly options: LiveClientOptions) {
    this.clock = options.clock ?? systemClock;
    for (const companyId of options.companies) this.wanted.add(TOPICS.syncPoke(companyId));
    for (const topic of options.topics ?? []) this.wanted.add(topic);
    const delay = options.reconnectMs ?? WEBSOCKET_RECONNECT_MS;
    this.socket = new ReconnectingWebSocket(options.url, undefined, {
      WebSocket: options.WebSocket ?? globalThis.WebSocket,
      // A fixed delay (the spec's 5 s), not a growing one.
      minReconnectionDelay: delay,
      maxReconnectionDelay: delay,
      reconnectionDelayGrowFactor: 1,
      connectionTimeout: options.connectTimeoutMs ?? LIVE_CLIENT_DEFAULTS.connectTimeoutMs,
      // Nothing may be sent before `connect`, so frames are never queued for a later socket.
      maxEnqueuedMessages: 0,
    });
    this.socket.addEventListener('open', () => this.onOpen());
    this.socket.addEventListener('message', (event) => this.onFrame(event.data));
    this.socket.addEventListener('close', (event) => this.onClose(event.code));
  }

  /** Holds a topic from now on (and after reconnects), e.g. an open chat panel's messages. */
  subscribe(topic: string): void {
    if (this.wanted.has(topic)) return;
    this.wanted.add(topic);
    if (this.signedIn) this.send({ type: 'subscribe', topic });
  }

  unsubscribe(topic: string): void {
    if (!this.wanted.delete(topic)) return;
    this.held.delete(topic);
    this.answered(topic);
    if (this.signedIn) this.send({ type: 'unsubscribe', topic });
  }

  /** Topics the server has confirmed on the current socket. */
  subscribedTopics(): string[] {
    return [...this.held];
  }

  close(): void {
    if (this.stopped) return;
    this.stop('closed');
  }

  private stop(status: LiveStatus): void {
    this.stopped = true;
    this.cancelRetry?.();
    this.cancelRetry = null;
    this.reset();
    this.socket.close(1000);
    this.options.onStatus?.(status);
  }

  /** Forgets everything tied to the current socket. */
  private reset(): void {
    this.generation += 1;
    this.signedIn = false;
    this.held.clear();
    this.unanswered = null;
    this.cancelPing?.();
    this.cancelPing = null;
    this.cancelRefresh?.();
    this.cancelRefresh = null;
  }

  private send(frame: ClientFrame): void {
    if (this.socket.readyState === SOCKET_OPEN) this.socket.send(JSON.stringify(frame));
  }

  private onOpen(): void {
    if (this.stopped) return;
    this.reset();
    this.heard = true;
    this.options.onStatus?.('connecting');
    this.schedulePing(this.generation);
    void this.signIn(this.generation);
  }

  private onClose(code: number): void {
    const generation = this.generation;
    this.reset();
    if (this.stopped) return;
    if (code === CLOSE_FORBIDDEN) {
      // The token belongs to another account: retrying cannot help.
      this.stop('forbidden');
      return;
    }
    // The reconnect (after the fixed delay) waits for this renewal before it signs in.
    if (code === CLOSE_UNAUTHORIZED) this.startRenewal(generation);
    if (code === CLOSE_NOT_A_MEMBER) this.options.onMembershipEnded?.();
    this.options.onStatus?.('offline');
  }

  private async signIn(generation: number): Promise<void> {
    if (this.renewal) await this.renewal;
    const token = await this.fetchToken();
    if (generation !== this.generation) return;
    if (token === null) {
      // Signed out: the server closes an idle socket (4401) and the next attempt tries again.
      this.startRenewal(generation);
      return;
    }
    this.token = token;
    this.send({ type: 'connect', token, user_id: this.options.userId, system: 'b' });
  }

  private async fetchToken(): Promise<string | null> {
    try {
      return await this.options.getToken();
    } catch {
      return null;
    }
  }

  /** `forSocket`: the refused socket's generation (a proactive renewal passes none). */
  private startRenewal(forSocket?: number): void {
    if (this.renewal || (forSocket !== undefined && this.renewedFor === forSocket)) return;
    if (forSocket !== undefined) this.renewedFor = forSocket;
    const renewal = (async () => {
      try {
        await this.options.renewToken();
      } catch {
        // A failed renewal shows up as the next refusal; nothing to do here.
      }
    })();
    this.renewal = renewal.finally(() => {
      this.renewal = null;
    });
  }

  private onFrame(data: unknown): void {
    if (this.stopped) return;
    this.heard = true;
    const frame = parseServerFrame(data);
    if (frame) this.handle(frame);
  }

  private handle(frame: ServerFrame): void {
    switch (frame.type) {
      case 'connected':
        // A `connected` after a token refresh only re-arms the refresh.
        if (!this.signedIn) {
          this.signedIn = true;
          this.unanswered = new Set(this.wanted);
          this.options.onStatus?.('connected');
          for (const topic of this.wanted) this.send({ type: 'subscribe', topic });
          this.answered(null);
        }
        this.scheduleRefresh(this.generation);
        return;
      case 'subscribed':
        if (this.wanted.has(frame.topic)) this.held.add(frame.topic);
        this.answered(frame.topic);
        return;
      case 'unsubscribed':
        this.held.delete(frame.topic);
        return;
      case 'event':
        this.route(frame.topic, frame.payload);
        return;
      case 'error':
        this.onError(frame.errorCode, frame.topic);
        return;
      case 'pong':
        return;
    }
  }

  private onError(code: string, topic: string | null): void {
    if (THROTTLED.has(code)) {
      this.backOff();
      return;
    }
    if (code === 'UNAUTHORIZED') {
      // The server closes with 4401 right after; renewing starts now to save time.
      this.startRenewal(this.generation);
      return;
    }
    if (topic !== null && (code === 'FORBIDDEN' || code === 'TOO_MANY_TOPICS')) {
      // Asking again after each reconnect would only be refused again.
      this.wanted.delete(topic);
      this.held.delete(topic);
      this.options.onTopicRefused?.(topic, code);
    }
    // Whatever the refusal, the server has answered that subscribe.
    if (topic !== null) this.answered(topic);
  }

  /**
   * After a refusal for load: no reconnect at the fixed delay (closing ourselves stops it), but
   * one after the delay plus a jittered wait that doubles with each refusal in a row.
   */
  private backOff(): void {
    this.throttled += 1;
    const delay = this.options.reconnectMs ?? WEBSOCKET_RECONNECT_MS;
    const wait =
      delay +
      backoff(this.throttled, this.options.random ?? Math.random, {
        baseMs: delay,
        capMs: THROTTLED_MAX_WAIT_MS,
      });
    this.socket.close(1000);
    this.cancelRetry?.();
    this.cancelRetry = after(
      this.clock,
      () => {
        this.cancelRetry = null;
        if (!this.stopped) this.socket.reconnect();
      },
      wait,
    );
  }

  /** Counts off one of the sign-in's subscribes (null: none); the last one makes us ready. */
  private answered(topic: string | null): void {
    if (!this.unanswered) return;
    if (topic !== null) this.unanswered.delete(topic);
    if (this.unanswered.size > 0) return;
    this.unanswered = null;
    this.throttled = 0;
    this.options.onReady?.();
  }

  private route(topic: string, payload: unknown): void {
    // An event may still arrive for a topic just unsubscribed.
    if (!this.wanted.has(topic)) return;
    const route = routeOfTopic(topic);
    switch (route.kind) {
      case 'poke':
        this.options.onPoke(route.companyId);
        if (isResyncPoke(payload)) this.options.onResync?.(route.companyId);
        return;
      case 'counter': {
        const count = countOf(payload);
        if (count !== null) this.options.onCounter?.(topic, count);
        return;
      }
      case 'messages':
        this.options.onMessageEvent?.(topic, payload);
        return;
      case 'other':
        this.options.onEvent?.(topic, payload);
        return;
    }
  }

  private schedulePing(generation: number): void {
    const pingMs = this.options.pingMs ?? LIVE_CLIENT_DEFAULTS.pingMs;
    const tick = () => {
      if (generation !== this.generation) return;
      if (!this.heard) {
        // Not even a pong for a whole interval: the connection is dead without having closed.
        this.socket.reconnect();
        return;
      }
      this.heard = false;
      this.send({ type: 'ping' });
      this.cancelPing = after(this.clock, tick, pingMs);
    };
    this.cancelPing = after(this.clock, tick, pingMs);
  }

  private scheduleRefresh(generation: number): void {
    this.cancelRefresh?.();
    this.cancelRefresh = null;
    const expiry = this.token === null ? null : tokenExpiryMs(this.token);
    if (expiry === null) return;
    const margin = this.options.refreshMarginMs ?? LIVE_CLIENT_DEFAULTS.refreshMarginMs;
    const delay = refreshDelayMs(expiry, this.clock.now(), margin);
    this.cancelRefresh = after(
      this.clock,
      () => {
        void this.refresh(generation, expiry);
      },
      delay,
    );
  }

  /** Sends a token that outlives the current one; asks the app to renew if it has none yet. */
  private async refresh(generation: number, expiry: number): Promise<void> {
    const fresher = (token: string | null): token is string => {
      const next = token === null ? null : tokenExpiryMs(token);
      return next !== null && next > expiry;
    };
    let token = await this.fetchToken();
    if (!fresher(token)) {
      this.startRenewal();
      if (this.renewal) await this.renewal;
      token = await this.fetchToken();
    }
    // Without a fresher token the server closes with 4401 at expiry, and that path renews.
    if (generation !== this.generation || !fresher(token)) return;
    this.token = token;
    this.send({ type: 'connect', token, user_id: this.options.userId, system: 'b' });
  }
}
