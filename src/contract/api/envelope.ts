// The answer envelope of every JSON route (DESIGN §3): `{ data }` on success, `{ error_code,
// error_message, data? }` on failure, error_message being the Chinese text the user reads. The
// codes below are the ones the HTTP layer answers on any route (server/http/httpError.ts,
// errors.ts) and the ones the client reacts to; a route's own refusals add codes of their own.
// Written with zod/mini: the worker may read envelopes too.
import { z } from 'zod/mini';

export const ERROR_CODES = {
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  BAD_REQUEST: 'BAD_REQUEST',
  INVALID_INPUT: 'INVALID_INPUT',
  RULE_VIOLATION: 'RULE_VIOLATION',
  VERSION_CONFLICT: 'VERSION_CONFLICT',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVER_BUSY: 'SERVER_BUSY',
  DATABASE_BUSY: 'DATABASE_BUSY',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  /** Client side only: a 2xx whose body is not our envelope, or whose data fails its schema. */
  INVALID_RESPONSE: 'INVALID_RESPONSE',
} as const;

/** A code of the list above, or a route's own (e.g. `LOCATION_LOCKED`). */
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES] | (string & {});

export interface Success<T> {
  data: T;
}

export interface Failure {
  error_code: ErrorCode;
  error_message: string;
  /** A 409 carries the current row so the user can choose. */
  data?: unknown;
}

export const successSchema = z.object({ data: z.unknown() });

export const failureSchema = z.object({
  error_code: z.optional(z.string()),
  error_message: z.optional(z.string()),
});
