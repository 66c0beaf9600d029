// The client side of the live channel's wire format (src/contract/live.ts): reading a server
// frame without trusting it, sorting an event's topic into what the engine does with it, and
// reading a token's expiry so a fresh one can be sent before the server drops us.
// Pure functions, no DOM (they run in the sync worker).

import type { LiveClientFrame } from '../../contract/live';
import { isRecord } from '../../domain/guards';

export { CLOSE_FORBIDDEN, CLOSE_NOT_A_MEMBER, CLOSE_UNAUTHORIZED } from '../../contract/live';

/** A server frame as the client reads it (error fields camel-cased, a missing topic as null). */
export type ServerFrame =
  | { type: 'connected' }
  | { type: 'subscribed'; topic: string }
  | { type: 'unsubscribed'; topic: string }
  | { type: 'event'; topic: string; payload: unknown }
  | { type: 'pong' }
  | { type: 'error'; errorCode: string; errorMessage: string; topic: string | null };

export type ClientFrame = LiveClientFrame;

/** Reads one text frame from the server; anything unexpected is null (and ignored). */
export function parseServerFrame(text: unknown): ServerFrame | null {
  if (typeof text !== 'string') return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw)) return null;
  const topic = typeof raw.topic === 'string' ? raw.topic : null;
  switch (raw.type) {
    case 'connected':
    case 'pong':
      return { type: raw.type };
    case 'subscribed':
    case 'unsubscribed':
      return topic === null ? null : { type: raw.type, topic };
    case 'event':
      return topic === null ? null : { type: 'event', topic, payload: raw.payload };
    case 'error':
      return {
        type: 'error',
        errorCode: typeof raw.error_code === 'string' ? raw.error_code : '',
        errorMessage: typeof raw.error_message === 'string' ? raw.error_message : '',
        topic,
      };
    default:
      return null;
  }
}

/** What an event on a topic means to the client. */
export type TopicRoute =
  | { kind: 'poke'; companyId: number }
  | { kind: 'counter' }
  | { kind: 'messages' }
  | { kind: 'other' };

const POKE = /^sync\.poke\.(\d+)$/;
const COUNTER = /^todo\.(my-unread|my-undealt|all-user-undealt|all-user-delay)\.\d+$/;
const MESSAGES = /^todo\.b\.[A-Z_]+\.\d+\.messages$/;

export function routeOfTopic(topic: string): TopicRoute {
  const poke = POKE.exec(topic);
  if (poke?.[1] !== undefined) return { kind: 'poke', companyId: Number(poke[1]) };
  if (COUNTER.test(topic)) return { kind: 'counter' };
  if (MESSAGES.test(topic)) return { kind: 'messages' };
  return { kind: 'other' };
}

/** The `count` of a counter event's payload, or null when it has none. */
export function countOf(payload: unknown): number | null {
  if (!isRecord(payload)) return null;
  const { count } = payload;
  return typeof count === 'number' && Number.isFinite(count) ? count : null;
}

/**
 * Milliseconds since the epoch when a JWT's `exp` passes, or null if it cannot be read. The token
 * is not verified here (the server does that); this only tells when to send a fresh one.
 */
export function tokenExpiryMs(token: string): number | null {
  const part = token.split('.')[1];
  if (part === undefined || part.length === 0) return null;
  try {
    const base64 = part.replaceAll('-', '+').replaceAll('_', '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const claims: unknown = JSON.parse(atob(padded));
    if (!isRecord(claims) || typeof claims.exp !== 'number') return null;
    return claims.exp * 1000;
  } catch {
    return null;
  }
}

/**
 * How long to wait before sending a fresh token: `marginMs` before expiry, but never less than
 * half the remaining lifetime (a short-lived token would otherwise be renewed at once, in a loop).
 */
export function refreshDelayMs(expiryMs: number, nowMs: number, marginMs: number): number {
  const remaining = expiryMs - nowMs;
  if (remaining <= 0) return 0;
  return Math.max(remaining - marginMs, Math.floor(remaining / 2));
}
