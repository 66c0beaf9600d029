// Liveness and readiness, apart (issue 21 item 2). `GET /healthz`: is this process itself
// alive? Not ok (503) when its event loop was blocked over 2 s within the last 10 s: a process
// that stands still is better restarted. `GET /readyz`: should it get traffic now? Not ok while
// the migrations have not finished, the database does not answer, the live channel's listener is
// down (it reconnects by itself); once the process is closing, Fastify itself answers 503 to
// every request (return503OnClosing). A database outage makes every process unready, never
// dead: restarting them all would not bring PostgreSQL back.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import {
  EVENT_LOOP_WATCH,
  EventLoopWatch,
  type EventLoopWatchOptions,
} from '../http/eventLoopWatch';
import { failure, ok } from '../http/replies';
import type { LiveBus } from '../live/bus';

export const HEALTH_MESSAGES = {
  DATABASE_UNAVAILABLE: '数据库暂不可用',
  EVENT_LOOP_BLOCKED: '服务器响应迟缓，请稍后重试',
  LIVE_CHANNEL_DOWN: '实时消息通道暂不可用',
  NOT_MIGRATED: '服务器正在升级数据库，请稍后再试',
} as const;

export type HealthDeps = {
  database: Pick<Database, 'ping' | 'migrated'>;
  bus: Pick<LiveBus, 'listening'>;
  /** HEALTH_LOOP_BLOCK_MS: the block that counts (0: not checked); 2 s without a config. */
  config?: Pick<ServerConfig, 'healthLoopBlockMs'>;
};

export function registerHealth(
  app: FastifyInstance,
  { database, bus, config }: HealthDeps,
  watchOptions: Partial<EventLoopWatchOptions> = {},
): void {
  const blockedMs = config?.healthLoopBlockMs ?? EVENT_LOOP_WATCH.blockedMs;
  const watch = blockedMs > 0 ? new EventLoopWatch({ blockedMs, ...watchOptions }) : null;
  // Started once the app is built: its own start-up work is not a block.
  app.addHook('onReady', async () => watch?.start());
  app.addHook('onClose', async () => watch?.stop());

  type Code = keyof typeof HEALTH_MESSAGES;
  const down = (reply: FastifyReply, code: Code) =>
    reply.status(503).send(failure(code, HEALTH_MESSAGES[code]));

  app.get('/healthz', { config: { auth: 'public' } }, async (request, reply) => {
    if (watch?.blocked()) {
      request.log.warn('healthz: the event loop was blocked');
      return down(reply, 'EVENT_LOOP_BLOCKED');
    }
    return ok({ status: 'ok' as const });
  });

  app.get('/readyz', { config: { auth: 'public' } }, async (request, reply) => {
    if (!database.migrated) return down(reply, 'NOT_MIGRATED');
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'readyz: database ping failed');
      return down(reply, 'DATABASE_UNAVAILABLE');
    }
    if (!bus.listening) {
      request.log.warn('readyz: the live channel listener is down');
      return down(reply, 'LIVE_CHANNEL_DOWN');
    }
    return ok({ status: 'ok' as const });
  });
}
