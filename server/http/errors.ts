// One error handler for the whole server: bad input is always a 400 naming the field, a
// too-large body a 413 with the spec's message, and only a real fault becomes a 500.
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import { isDatabaseBusy } from '../db/timeouts';
import { HttpError } from './httpError';
import { failure } from './replies';

/** Path prefixes that are API, never the app's HTML. */
const API_PREFIXES = ['/api/', '/sync-api/', '/oidc', '/ws', '/healthz', '/template-api/'];

export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? url;
  return API_PREFIXES.some((prefix) => path.startsWith(prefix)) || /^\/[a-z]+-api\//.test(path);
}

export function invalidInputMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  const where = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  const missing =
    first?.keyword === 'required' && typeof first.params.missingProperty === 'string'
      ? first.params.missingProperty
      : undefined;
  const field = missing ?? (where || error.validationContext || '');
  return field ? `${COMMON_MESSAGES.BAD_REQUEST}：${field}` : COMMON_MESSAGES.BAD_REQUEST;
}

/**
 * Errors Fastify raises before a route runs (a path parameter over its length limit, a URL that
 * does not decode): answered in our envelope too, as the client's fault.
 */
export function frameworkErrors(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(failure(error.code ?? 'BAD_REQUEST', COMMON_MESSAGES.BAD_REQUEST));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | HttpError>((error, request, reply) => {
    if (error instanceof HttpError) {
      const body = failure(error.code, error.message);
      return reply
        .status(error.statusCode)
        .send(error.data === undefined ? body : { ...body, data: error.data });
    }
    if (isDatabaseBusy(error)) {
      // A lock or statement timeout, or no free connection (server/db/timeouts.ts): retry later.
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(failure('DATABASE_BUSY', COMMON_MESSAGES.DATABASE_BUSY));
    }
    if (error.validation) {
      return reply.status(400).send(failure('INVALID_INPUT', invalidInputMessage(error)));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send(failure('PAYLOAD_TOO_LARGE', COMMON_MESSAGES.FILE_TOO_LARGE));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (malformed JSON, wrong content type, ...): the client's fault, say so.
      return reply
        .status(status)
        .send(failure(error.code ?? 'BAD_REQUEST', COMMON_MESSAGES.BAD_REQUEST));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(failure('INTERNAL_ERROR', COMMON_MESSAGES.SERVER_BUSY));
  });
}
