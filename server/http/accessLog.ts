// One access-log line per answered request at info level (issue 21 item 2), in place of
// Fastify's two lines at debug: request id, method, route pattern, status, duration and the
// company the request acted for. Never the path or query as sent (ids, search words, phone
// numbers), never a header: an operator can follow a request without the log holding personal
// data or a token. The request id comes from the proxy's X-Request-Id when it looks like one, so
// nginx's log and ours name the same request, and goes back to the client in the answer.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { routeLabel } from './metrics';

const REQUEST_ID = /^[\w.:-]{8,100}$/;

/** Fastify's `genReqId`: the proxy's id when it is a plausible one, a fresh UUID otherwise. */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
}

export function registerAccessLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const companyId = request.membership?.companyId;
    request.log.info(
      {
        method: request.method,
        route: routeLabel(request),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(companyId === undefined ? {} : { companyId }),
      },
      'answered',
    );
  });
}
