import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { failure, ok } from '../http/replies';

/** `GET /healthz`: ok only when the database answers, so a load balancer never routes to a server that cannot serve. */
export function registerHealth(app: FastifyInstance, database: Database): void {
  app.get('/healthz', { config: { auth: 'public' } }, async (request, reply) => {
    try {
      await database.ping();
      return ok({ status: 'ok' as const });
    } catch (error) {
      request.log.error({ err: error }, 'database ping failed');
      return reply.status(503).send(failure('DATABASE_UNAVAILABLE', '数据库暂不可用'));
    }
  });
}
