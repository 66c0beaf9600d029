// A refusal the client should see as it is: status, error_code and the Chinese message, plus
// optional data (a 409 carries the current row so the user can choose). The codes are the
// contract's (src/contract/api/envelope.ts).
import { ERROR_CODES as E, type ErrorCode } from '../../src/contract/api/envelope';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const unauthorized = () =>
  new HttpError(401, E.UNAUTHORIZED, COMMON_MESSAGES.SESSION_EXPIRED);
export const forbidden = () => new HttpError(403, E.FORBIDDEN, COMMON_MESSAGES.NO_PERMISSION);
export const notFound = (message: string = COMMON_MESSAGES.NOT_FOUND) =>
  new HttpError(404, E.NOT_FOUND, message);
export const badRequest = (message: string, code: ErrorCode = E.INVALID_INPUT) =>
  new HttpError(400, code, message);
/** A business rule refused the change (the spec's message says which). */
export const refused = (message: string, code: ErrorCode = E.RULE_VIOLATION) =>
  new HttpError(422, code, message);
export const versionConflict = (current: unknown) =>
  new HttpError(409, E.VERSION_CONFLICT, COMMON_MESSAGES.VERSION_CONFLICT, current);
