// `GET /healthz`: the liveness signal an orchestrator polls. Not ok (503) when
// the event loop was blocked over 2 s within the last 10 s, when the database does not answer,
// or when the live channel's database listener is down (it reconnects by itself; a process that
// stays deaf is better restarted than left serving stale screens).
import type { FastifyInstance } from 'fastify';
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
} as const;

export type HealthDeps = {
  database: Pick<Database, 'ping'>;
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

  app.get('/healthz', { config: { auth: 'public' } }, async (request, reply) => {
    const down = (code: keyof typeof HEALTH_MESSAGES) =>
      reply.status(503).send(failure(code, HEALTH_MESSAGES[code]));
    if (watch?.blocked()) {
      request.log.warn('healthz: the event loop was blocked');
      return down('EVENT_LOOP_BLOCKED');
    }
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'database ping failed');
      return down('DATABASE_UNAVAILABLE');
    }
    if (!bus.listening) {
      request.log.warn('healthz: the live channel listener is down');
      return down('LIVE_CHANNEL_DOWN');
    }
    return ok({ status: 'ok' as const });
  });
}
