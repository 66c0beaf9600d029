import type { FastifyRequest } from 'fastify';
import { badRequest } from './httpError';

/**
 * The row version an `If-Match` header names (`12`, `"12"` or `W/"12"`); undefined when the
 * client sent none (the change then applies to whatever the row is now).
 */
export function ifMatchVersion(request: FastifyRequest): number | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined) return undefined;
  const match = typeof raw === 'string' ? /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(raw) : null;
  if (!match) throw badRequest('请求参数有误：If-Match');
  return Number(match[1]);
}
