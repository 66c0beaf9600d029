// The live channel's wire format (docs/api.md §4), one statement for both ends: the frames a
// client sends and the frames the server answers with, as JSON text on the socket, and the close
// codes that tell the client what to do next. The server checks client frames field by field
// (server/live/protocol.ts); the client reads server frames without trusting them
// (src/sync/live/frames.ts). Topic names are the domain's (src/domain/todos/topics.ts TOPICS).

/** What a client sends. `system` is the spec's marker for this product's clients. */
export type LiveClientFrame =
  | { type: 'connect'; token: string; user_id: number; system: 'b' }
  | { type: 'subscribe'; topic: string }
  | { type: 'unsubscribe'; topic: string }
  | { type: 'ping' };

/** What the server sends. An error names the topic it refuses, when it refuses one. */
export type LiveServerFrame =
  | { type: 'connected' }
  | { type: 'subscribed'; topic: string }
  | { type: 'unsubscribed'; topic: string }
  | { type: 'event'; topic: string; payload: unknown }
  | { type: 'pong' }
  | { type: 'error'; error_code: string; error_message: string; topic?: string };

export type LiveErrorFrame = Extract<LiveServerFrame, { type: 'error' }>;

/** The `error_code`s of error frames. */
export type LiveErrorCode =
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_A_MEMBER'
  | 'TOO_MANY_CONNECTIONS'
  | 'TOO_MANY_REQUESTS'
  | 'TOO_MANY_TOPICS'
  | 'INVALID_INPUT'
  | 'MESSAGE_TOO_LARGE'
  | 'INTERNAL_ERROR';

/**
 * Close codes of refusals; 44xx mirror the HTTP statuses. 4401: no (longer a) valid sign-in, the
 * client renews its token and reconnects. 4403: a topic it may not see. 4410: the account stopped
 * working for one of its companies (handover, delete, unbinding): the client pulls at once, and
 * the feed's 403 NOT_A_MEMBER tells it which company's data to clear.
 */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_NOT_A_MEMBER = 4410;
/**
 * Too many sockets from the address or the account, too many subscribes or frames (WebSocket's
 * policy violation): the error frame says which, the reason is its error_code, and the client
 * waits longer before each such retry.
 */
export const CLOSE_TOO_MANY = 1008;
