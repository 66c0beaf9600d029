// The server's side of the live channel's wire format (src/contract/live.ts): what a client may
// send, checked field by field so a malformed frame gets an error naming the field instead of
// crashing the connection, and the error frames the server answers with.
import type { LiveErrorFrame, LiveServerFrame } from '../../src/contract/live';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import { MEMBERSHIP_MESSAGES } from '../../src/domain/messages/session';

/** Larger client frames are refused with an error (the socket itself allows a little more). */
export const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;
const MAX_TOKEN_CHARS = 16 * 1024;
const MAX_TOPIC_CHARS = 200;

/**
 * Server-internal: published (inside the write) when an account's membership of a company ends.
 * Clients cannot subscribe to it (the domain's `maySubscribe` knows no such topic).
 */
export const membershipEndedTopic = (accountId: number) => `account.revoked.${accountId}`;
/** The account's other sign-ins ended (a password change, M4): each socket re-checks its token. */
export const signInsEndedTopic = (accountId: number) => `account.signins.${accountId}`;

/** A client frame as the server reads it (the wire's `user_id` as `userId`). */
export type ClientMessage =
  | { type: 'connect'; token: string; userId: number }
  | { type: 'subscribe'; topic: string }
  | { type: 'unsubscribe'; topic: string }
  | { type: 'ping' };

export type ServerMessage = LiveServerFrame;
export type ErrorMessage = LiveErrorFrame;

export const errors = {
  unauthorized: (topic?: string): ErrorMessage => ({
    type: 'error',
    error_code: 'UNAUTHORIZED',
    error_message: COMMON_MESSAGES.SESSION_EXPIRED,
    ...(topic === undefined ? {} : { topic }),
  }),
  forbidden: (topic?: string): ErrorMessage => ({
    type: 'error',
    error_code: 'FORBIDDEN',
    error_message: COMMON_MESSAGES.NO_PERMISSION,
    ...(topic === undefined ? {} : { topic }),
  }),
  notAMember: (): ErrorMessage => ({
    type: 'error',
    error_code: 'NOT_A_MEMBER',
    error_message: MEMBERSHIP_MESSAGES.NOT_A_MEMBER,
  }),
  tooManyConnections: (): ErrorMessage => ({
    type: 'error',
    error_code: 'TOO_MANY_CONNECTIONS',
    error_message: COMMON_MESSAGES.TOO_MANY_REQUESTS,
  }),
  tooManyRequests: (topic?: string): ErrorMessage => ({
    type: 'error',
    error_code: 'TOO_MANY_REQUESTS',
    error_message: COMMON_MESSAGES.TOO_MANY_REQUESTS,
    ...(topic === undefined ? {} : { topic }),
  }),
  invalid: (field?: string): ErrorMessage => ({
    type: 'error',
    error_code: 'INVALID_INPUT',
    error_message: field ? `${COMMON_MESSAGES.BAD_REQUEST}：${field}` : COMMON_MESSAGES.BAD_REQUEST,
  }),
  tooLarge: (): ErrorMessage => ({
    type: 'error',
    error_code: 'MESSAGE_TOO_LARGE',
    error_message: COMMON_MESSAGES.BAD_REQUEST,
  }),
  internal: (): ErrorMessage => ({
    type: 'error',
    error_code: 'INTERNAL_ERROR',
    error_message: COMMON_MESSAGES.SERVER_BUSY,
  }),
};

export type Parsed = { ok: true; message: ClientMessage } | { ok: false; error: ErrorMessage };

const fail = (field?: string): Parsed => ({ ok: false, error: errors.invalid(field) });

function parseTopic(type: 'subscribe' | 'unsubscribe', raw: Record<string, unknown>): Parsed {
  const { topic } = raw;
  if (typeof topic !== 'string' || topic.length === 0 || topic.length > MAX_TOPIC_CHARS) {
    return fail('topic');
  }
  return { ok: true, message: { type, topic } };
}

function parseUserId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return null;
  return Number(text);
}

function parseConnect(raw: Record<string, unknown>): Parsed {
  const { token, user_id: userIdRaw, system } = raw;
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_CHARS) {
    return fail('token');
  }
  const userId = parseUserId(userIdRaw);
  if (userId === null) return fail('user_id');
  // The spec's clients send the system marker b; another system is not served here.
  if (system !== undefined && system !== 'b') return fail('system');
  return { ok: true, message: { type: 'connect', token, userId } };
}

/** Reads one text frame; never throws. */
export function parseClientMessage(text: string): Parsed {
  if (Buffer.byteLength(text, 'utf8') > MAX_CLIENT_MESSAGE_BYTES) {
    return { ok: false, error: errors.tooLarge() };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fail();
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail();
  const record = raw as Record<string, unknown>;
  switch (record.type) {
    case 'connect':
      return parseConnect(record);
    case 'subscribe':
    case 'unsubscribe':
      return parseTopic(record.type, record);
    case 'ping':
      return { ok: true, message: { type: 'ping' } };
    default:
      return fail('type');
  }
}
