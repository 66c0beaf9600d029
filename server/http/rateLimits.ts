// Per-route rate limits (@fastify/rate-limit) in one scope: the routes opt in with
// `config.rateLimit`, and a refusal is our envelope's 429 (操作过于频繁，请稍后再试, Retry-After).
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import { addressKey } from './clientAddress';
import { HttpError } from './httpError';

/** Keyed by `prefix` and the signed-in account, or the client's address (an IPv6 /64) without one. */
export function byAccountOrAddress(prefix: string) {
  return (request: FastifyRequest) =>
    `${prefix}:${request.user?.accountId ?? addressKey(request.ip)}`;
}

export async function registerRateLimits(
  scope: FastifyInstance,
  keyGenerator: (request: FastifyRequest) => string,
): Promise<void> {
  await scope.register(rateLimit, {
    global: false,
    keyGenerator,
    errorResponseBuilder: () =>
      new HttpError(429, 'TOO_MANY_REQUESTS', COMMON_MESSAGES.TOO_MANY_REQUESTS),
  });
}
