// How long an Idempotency-Key protects a change, read by both ends. The server keeps each key's
// first answer IDEMPOTENCY_RETENTION_MS (server/sync/mutation.ts purges older ones); the client
// sends an outbox entry under its key only within OUTBOX_SEND_WINDOW_MS of the key's first use
// (src/sync/core/ordering.ts) and asks the user about an older one. Past the server's window a
// replay would be applied a second time, so the client must stop first.

const DAY_MS = 24 * 3600 * 1000;

/** Days the server keeps an answer (as long as it keeps tombstones). */
export const IDEMPOTENCY_RETENTION_DAYS = 30;
export const IDEMPOTENCY_RETENTION_MS = IDEMPOTENCY_RETENTION_DAYS * DAY_MS;

/** Room for a device clock that runs late and for a request in flight at the edge. */
export const OUTBOX_SEND_MARGIN_DAYS = 2;

/** Days after its key's first use an entry may still be sent without asking the user. */
export const OUTBOX_SEND_WINDOW_DAYS = IDEMPOTENCY_RETENTION_DAYS - OUTBOX_SEND_MARGIN_DAYS;
export const OUTBOX_SEND_WINDOW_MS = OUTBOX_SEND_WINDOW_DAYS * DAY_MS;
