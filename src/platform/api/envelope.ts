// Reading the server's answer envelope (DESIGN §3, src/contract/api/envelope.ts): `{ data }` on
// success, `{ error_code, error_message }` on failure. Pure: the client hands it the status and
// the parsed body (null when the body was not JSON) and gets either the data or what went wrong.
import {
  ERROR_CODES,
  type ErrorCode,
  failureSchema,
  successSchema,
} from '../../contract/api/envelope';

export type Envelope =
  | { ok: true; data: unknown }
  | { ok: false; status: number; code: ErrorCode | null; serverMessage: string | null };

export function readEnvelope(status: number, body: unknown): Envelope {
  if (status >= 200 && status < 300) {
    const success = successSchema.safeParse(body);
    // A 2xx without an envelope (a proxy's page, a truncated body) is a fault, not data.
    if (success.success) return { ok: true, data: success.data.data };
    return { ok: false, status: 502, code: ERROR_CODES.INVALID_RESPONSE, serverMessage: null };
  }
  const failure = failureSchema.safeParse(body);
  return {
    ok: false,
    status,
    code: failure.success ? (failure.data.error_code ?? null) : null,
    serverMessage: failure.success ? (failure.data.error_message ?? null) : null,
  };
}
