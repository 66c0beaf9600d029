// One client of the live channel: the in-band sign-in (connect), its subscriptions, the events
// it is sent and its heartbeat. Frames are handled one after another, so a subscribe sent right
// after connect is checked against that connect's user.
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import WebSocket, { type RawData } from 'ws';
import {
  CLOSE_FORBIDDEN,
  CLOSE_NOT_A_MEMBER,
  CLOSE_TOO_MANY,
  CLOSE_UNAUTHORIZED,
} from '../../src/contract/live';
import { type AuthUser, authenticate } from '../auth/session';
import type { TokenVerifier } from '../auth/tokens';
import type { Db } from '../db/database';
import { HttpError } from '../http/httpError';
import { mayUserSubscribe } from './authorize';
import type { LiveBus } from './bus';
import type { LiveLimits } from './limits';
import {
  type ClientMessage,
  type ErrorMessage,
  errors,
  MAX_CLIENT_MESSAGE_BYTES,
  membershipEndedTopic,
  parseClientMessage,
  type ServerMessage,
  signInsEndedTopic,
} from './protocol';
import { mayReceive } from './visibility';

// A client that does not read its events is dropped rather than buffered without end.
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
// Frames waiting behind a slow database check; more than this is a client gone wrong.
const MAX_QUEUED_FRAMES = 64;
// setTimeout fires at once beyond 2^31-1 ms; a later expiry is re-armed then.
const MAX_TIMER_MS = 2_147_483_647;

export type ConnectionDeps = {
  db: Db;
  verifier: TokenVerifier;
  bus: LiveBus;
  log: FastifyBaseLogger;
  connectTimeoutMs: number;
  maxTopics: number;
  /** Sockets per account and the subscribe budget, shared by every socket of the channel. */
  limits: LiveLimits;
};

function frameBytes(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data).toString('utf8');
}

/** Milliseconds since the epoch when the token stops being valid, or null if it does not say. */
function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export class LiveConnection {
  private user: AuthUser | null = null;
  /** The companies of the last `connect`: one missing from a re-check means a company was left. */
  private connectedCompanies: number[] = [];
  private token: string | null = null;
  private readonly topics = new Map<string, () => void>();

  /** Topics this socket holds now (/metrics). */
  get topicCount(): number {
    return this.topics.size;
  }
  /** The bus subscription that ends this socket when its account leaves a company. */
  private stopMembershipWatch: (() => void) | null = null;
  private missedPongs = 0;
  private connectTimer: NodeJS.Timeout | null;
  private expiryTimer: NodeJS.Timeout | null = null;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private closed = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
  ) {
    this.connectTimer = setTimeout(
      () => this.refuse(errors.unauthorized(), CLOSE_UNAUTHORIZED),
      deps.connectTimeoutMs,
    );
    socket.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    socket.on('pong', () => {
      this.missedPongs = 0;
    });
    socket.on('close', () => this.dispose());
  }

  /** Called on every heartbeat tick: two pings without a pong and the socket is dropped. */
  heartbeat(): void {
    if (this.closed) return;
    if (this.missedPongs >= 2) {
      this.socket.terminate();
      return;
    }
    this.missedPongs += 1;
    try {
      this.socket.ping();
    } catch {
      this.socket.terminate();
    }
  }

  private onFrame(data: RawData, isBinary: boolean): void {
    if (this.closed) return;
    if (frameBytes(data) > MAX_CLIENT_MESSAGE_BYTES) {
      this.send(errors.tooLarge());
      return;
    }
    if (isBinary) {
      this.send(errors.invalid());
      return;
    }
    const parsed = parseClientMessage(frameText(data));
    if (!parsed.ok) {
      this.send(parsed.error);
      return;
    }
    if (this.queued >= MAX_QUEUED_FRAMES) {
      this.socket.close(CLOSE_TOO_MANY, 'TOO_MANY_MESSAGES');
      this.dispose();
      return;
    }
    this.queued += 1;
    this.queue = this.queue
      .then(() => (this.closed ? undefined : this.handle(parsed.message)))
      .catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'live channel message failed');
        this.send(errors.internal());
      })
      .finally(() => {
        this.queued -= 1;
      });
  }

  private async handle(message: ClientMessage): Promise<void> {
    switch (message.type) {
      case 'ping':
        this.send({ type: 'pong' });
        return;
      case 'connect':
        return this.connect(message.token, message.userId);
      case 'subscribe':
        return this.subscribe(message.topic);
      case 'unsubscribe':
        return this.unsubscribe(message.topic);
    }
  }

  /** The token's user, or null after refusing the socket (bad, expired or revoked token). */
  private async authenticate(token: string, topic?: string): Promise<AuthUser | null> {
    try {
      return await authenticate(this.deps.db, this.deps.verifier, token);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 401) throw error;
      this.refuse(errors.unauthorized(topic), CLOSE_UNAUTHORIZED);
      return null;
    }
  }

  private async connect(token: string, userId: number): Promise<void> {
    // Watched before the memberships are read, so a handover committed meanwhile is not missed
    // (a user_id that is not the token's is refused below, which ends the watch too).
    this.watchMembership(userId);
    const user = await this.authenticate(token);
    if (!user || this.closed) return;
    if (user.accountId !== userId) {
      this.refuse(errors.forbidden(), CLOSE_FORBIDDEN);
      return;
    }
    // A connect re-checks every held topic below: it costs as much as subscribing them again.
    if (!this.admit(user.accountId, 1 + this.topics.size)) return;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    this.connectTimer = null;
    // Another account on the same socket keeps nothing of the previous one.
    if (this.user && this.user.accountId !== user.accountId) this.dropAllTopics();
    this.user = user;
    this.token = token;
    this.connectedCompanies = user.memberships.map((m) => m.companyId);
    this.armExpiry(tokenExpiry(token));
    // A fresh connect may come with fewer companies: keep only what this user may still see.
    await this.keepAllowedTopics(user);
    this.send({ type: 'connected' });
  }

  /** Drops (and says so for) every held topic the user may no longer see. */
  private async keepAllowedTopics(user: AuthUser): Promise<void> {
    for (const topic of [...this.topics.keys()]) {
      if (this.closed) return;
      if (!(await mayUserSubscribe(this.deps.db, user, topic))) {
        this.dropTopic(topic);
        this.send(errors.forbidden(topic));
      }
    }
  }

  /**
   * The database listener is back after an outage (review #10): the handovers and password
   * changes announced meanwhile were lost, so the token and the companies are read again, as
   * their own handlers would have done. A company left closes the socket 4410 NOT_A_MEMBER; an
   * ended sign-in closes it 4401; otherwise the topics the user may no longer see are dropped.
   * Queued behind the frames, so it never runs beside a connect or subscribe.
   */
  private recheckAfterOutage(): void {
    this.queue = this.queue
      .then(async () => {
        const token = this.token;
        if (this.closed || !token) return;
        const user = await this.authenticate(token);
        if (!user || this.closed) return;
        const now = new Set(user.memberships.map((m) => m.companyId));
        if (this.connectedCompanies.some((companyId) => !now.has(companyId))) {
          this.refuse(errors.notAMember(), CLOSE_NOT_A_MEMBER);
          return;
        }
        this.user = user;
        await this.keepAllowedTopics(user);
      })
      .catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'live channel re-check after an outage failed');
      });
  }

  /**
   * A handover, delete or unbinding of this account (security review M5) closes the socket: the
   * client pulls at once, its feed answers 403 NOT_A_MEMBER for the company it left, and it
   * reconnects with the companies it has left.
   */
  private watchMembership(accountId: number): void {
    this.stopMembershipWatch?.();
    const stopMembership = this.deps.bus.subscribe(membershipEndedTopic(accountId), () =>
      this.refuse(errors.notAMember(), CLOSE_NOT_A_MEMBER),
    );
    // A password change ended the account's other sign-ins (M4): a socket whose token is one of
    // them is closed as unauthorized; the changer's own keeps going.
    const stopSignIns = this.deps.bus.subscribe(signInsEndedTopic(accountId), () => {
      if (this.token) void this.authenticate(this.token).catch(() => {});
    });
    const stopResync = this.deps.bus.onResync(() => this.recheckAfterOutage());
    this.stopMembershipWatch = () => {
      stopMembership();
      stopSignIns();
      stopResync();
    };
  }

  /** The account's socket cap and subscribe budget (security review L6); false after refusing. */
  private admit(accountId: number, cost: number): boolean {
    const { limits } = this.deps;
    if (!limits.signIn(this.socket, accountId)) {
      this.refuse(errors.tooManyConnections(), CLOSE_TOO_MANY);
      return false;
    }
    if (!limits.spend(accountId, cost)) {
      this.refuse(errors.tooManyRequests(), CLOSE_TOO_MANY);
      return false;
    }
    return true;
  }

  private armExpiry(expiresAt: number | null): void {
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
    if (expiresAt === null) return;
    const wait = expiresAt - Date.now();
    this.expiryTimer = setTimeout(
      () => {
        if (Date.now() < expiresAt) this.armExpiry(expiresAt);
        else this.refuse(errors.unauthorized(), CLOSE_UNAUTHORIZED);
      },
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
  }

  private async subscribe(topic: string): Promise<void> {
    if (!this.token) {
      this.refuse(errors.unauthorized(topic), CLOSE_UNAUTHORIZED);
      return;
    }
    if (this.user && !this.deps.limits.spend(this.user.accountId, 1)) {
      this.refuse(errors.tooManyRequests(topic), CLOSE_TOO_MANY);
      return;
    }
    // Re-checked every time: the token may have expired or the user left a company meanwhile.
    const user = await this.authenticate(this.token, topic);
    if (!user || this.closed) return;
    this.user = user;
    if (this.topics.has(topic)) {
      this.send({ type: 'subscribed', topic });
      return;
    }
    if (this.topics.size >= this.deps.maxTopics) {
      this.send({ ...errors.invalid('topic'), error_code: 'TOO_MANY_TOPICS', topic });
      return;
    }
    const allowed = await mayUserSubscribe(this.deps.db, user, topic);
    if (this.closed) return;
    if (!allowed) {
      this.send(errors.forbidden(topic));
      return;
    }
    const stop = this.deps.bus.subscribe(topic, (payload) => this.deliver(topic, payload));
    this.topics.set(topic, stop);
    this.send({ type: 'subscribed', topic });
  }

  /** An event of a held topic, if the user's companies may read it over REST too (L15). */
  private deliver(topic: string, payload: unknown): void {
    const companyIds = this.user?.memberships.map((m) => m.companyId) ?? [];
    if (mayReceive(topic, payload, companyIds)) this.send({ type: 'event', topic, payload });
  }

  private unsubscribe(topic: string): void {
    if (!this.user) {
      this.refuse(errors.unauthorized(topic), CLOSE_UNAUTHORIZED);
      return;
    }
    this.dropTopic(topic);
    this.send({ type: 'unsubscribed', topic });
  }

  private dropTopic(topic: string): void {
    this.topics.get(topic)?.();
    this.topics.delete(topic);
  }

  private dropAllTopics(): void {
    for (const stop of this.topics.values()) stop();
    this.topics.clear();
  }

  private send(message: ServerMessage): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.deps.log.warn('live client does not read its events; dropping it');
      this.socket.terminate();
      return;
    }
    this.socket.send(JSON.stringify(message));
  }

  /** Tells the client why, then closes; nothing more is handled or sent afterwards. */
  private refuse(error: ErrorMessage, code: number): void {
    if (this.closed) return;
    this.send(error);
    this.socket.close(code, error.error_code);
    this.dispose();
  }

  private dispose(): void {
    this.closed = true;
    if (this.connectTimer) clearTimeout(this.connectTimer);
    if (this.expiryTimer) clearTimeout(this.expiryTimer);
    this.connectTimer = null;
    this.expiryTimer = null;
    this.dropAllTopics();
    this.deps.limits.signOut(this.socket);
    this.stopMembershipWatch?.();
    this.stopMembershipWatch = null;
  }
}
