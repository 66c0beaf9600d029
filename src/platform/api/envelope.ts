// Reading the server's answer envelope (DESIGN §3): `{ data }` on success, `{ error_code,
// error_message }` on failure. Pure: the client hands it the status and the parsed body (null
// when the body was not JSON) and gets either the data or what went wrong.
import { z } from 'zod';

const successSchema = z.object({ data: z.unknown() });
const failureSchema = z.object({
  error_code: z.string().optional(),
  error_message: z.string().optional(),
});

export type Envelope =
  | { ok: true; data: unknown }
  | { ok: false; status: number; code: string | null; serverMessage: string | null };

export function readEnvelope(status: number, body: unknown): Envelope {
  if (status >= 200 && status < 300) {
    const success = successSchema.safeParse(body);
    // A 2xx without an envelope (a proxy's page, a truncated body) is a fault, not data.
    if (success.success) return { ok: true, data: success.data.data };
    return { ok: false, status: 502, code: 'INVALID_RESPONSE', serverMessage: null };
  }
  const failure = failureSchema.safeParse(body);
  return {
    ok: false,
    status,
    code: failure.success ? (failure.data.error_code ?? null) : null,
    serverMessage: failure.success ? (failure.data.error_message ?? null) : null,
  };
}
