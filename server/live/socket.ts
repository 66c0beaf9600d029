// The live channel's websocket endpoint `/ws` (DESIGN §3). Sign-in happens in-band (the first
// frame is `connect` with the token), so the route itself is public; every subscription is
// authorized against the user's own id and companies. Events come from the process-wide bus.
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { CLOSE_TOO_MANY } from '../../src/contract/live';
import type { AppContext } from '../context';
import { addressKey } from '../http/clientAddress';
import type { LiveBus } from './bus';
import { LiveConnection } from './connection';
import { LIVE_LIMITS, type LiveLimitSettings, LiveLimits } from './limits';
import { errors, MAX_CLIENT_MESSAGE_BYTES } from './protocol';

export const LIVE_PATH = '/ws';

export type LiveChannelOptions = {
  /** Ping interval; a socket that misses two pongs in a row is dropped. */
  heartbeatMs?: number;
  /** How long a new socket may wait before its `connect` (then it is closed with 4401). */
  connectTimeoutMs?: number;
  /** Subscriptions one socket may hold. */
  maxTopics?: number;
  /** Sockets per address and per account, subscribes per account (limits.ts). */
  limits?: Partial<LiveLimitSettings>;
  /**
   * Sockets from one address at which, with TRUST_PROXY off, the log is warned (once) that a
   * proxy in front of the server may be hiding every client behind its own address.
   */
  sharedAddressWarnAt?: number;
};

export const LIVE_DEFAULTS = {
  heartbeatMs: 25_000,
  connectTimeoutMs: 10_000,
  maxTopics: 500,
  sharedAddressWarnAt: 50,
} as const;

export async function registerLiveChannel(
  app: FastifyInstance,
  context: Pick<AppContext, 'database' | 'verifier'> & {
    config?: Pick<AppContext['config'], 'trustProxy'>;
  },
  bus: LiveBus,
  options: LiveChannelOptions = {},
): Promise<void> {
  const settings = { ...LIVE_DEFAULTS, ...options };
  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, {
      // Frames between 64 KB and this get an error message back; only larger ones make `ws`
      // close the socket (1009), which costs the client a reconnect but never the server.
      options: { maxPayload: 4 * MAX_CLIENT_MESSAGE_BYTES },
    });
  }

  const connections = new Set<LiveConnection>();
  if (app.hasDecorator('metrics')) {
    app.metrics.level('live_sockets', 'Open live-channel websockets', () => connections.size);
    app.metrics.level('live_subscriptions', 'Topics subscribed over all live sockets', () => {
      let topics = 0;
      for (const connection of connections) topics += connection.topicCount;
      return topics;
    });
  }
  const limits = new LiveLimits({ ...LIVE_LIMITS, ...options.limits });
  // Behind a proxy that is not trusted, every client has the proxy's address (review #12).
  const trustsProxy = Boolean(context.config?.trustProxy);
  const warnAt = settings.sharedAddressWarnAt;
  let warnedSharedAddress = false;
  const heartbeat = setInterval(() => {
    for (const connection of connections) connection.heartbeat();
  }, settings.heartbeatMs);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
  });

  app.get(LIVE_PATH, { websocket: true, config: { auth: 'public' } }, (socket, request) => {
    // request.ip is the client's address as TRUST_PROXY allows it to be read; an IPv6 host by its /64.
    const address = addressKey(request.ip);
    if (!limits.openFrom(address, socket)) {
      const refusal = errors.tooManyConnections();
      socket.send(JSON.stringify(refusal));
      socket.close(CLOSE_TOO_MANY, refusal.error_code);
      return;
    }
    socket.on('close', () => limits.closed(socket));
    if (!warnedSharedAddress && !trustsProxy && limits.openBeside(socket) >= warnAt) {
      warnedSharedAddress = true;
      app.log.warn(
        { address, sockets: limits.openBeside(socket) },
        'many live sockets from one address while TRUST_PROXY is off: if a proxy or load balancer is in front of this server, set TRUST_PROXY so each client is counted by its own address',
      );
    }
    const connection = new LiveConnection(socket, {
      db: context.database.db,
      verifier: context.verifier,
      bus,
      log: request.log,
      connectTimeoutMs: settings.connectTimeoutMs,
      maxTopics: settings.maxTopics,
      limits,
    });
    connections.add(connection);
    socket.on('close', () => connections.delete(connection));
  });
}
