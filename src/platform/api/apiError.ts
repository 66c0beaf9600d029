// A failed API call: the HTTP status (0 when no answer arrived), the server's error code, and the
// message the user reads (the spec's wording for 401/403/413, else the server's error_message,
// else a fallback: src/domain/messages/common.ts).
import { messageForHttpStatus } from '../../domain/messages/common';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly serverMessage: string | null,
  ) {
    super(messageForHttpStatus(status, serverMessage));
  }

  /** The request never reached the server (offline, DNS, reset, timeout). */
  get unreachable(): boolean {
    return this.status === 0;
  }
}
