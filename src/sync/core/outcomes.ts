// What an answer to an outbox request means, and how long to wait before trying again. Every
// mutation carries an Idempotency-Key and the server stores its first answer in the transaction
// that applies the change (docs/api.md §1), so a request repeated after a lost answer or a crash
// gets that first answer back: "applied but reported failed" cannot happen, and a retry is always
// safe. The reverse must not happen either: only our own 2xx envelope counts as applied.

import { isRecord } from '../../domain/guards';
import { COMMON_MESSAGES, messageForHttpStatus } from '../../domain/messages/common';
import { asRow, type Row } from './types';

/** An HTTP answer as the engine read it (body parsed as JSON when it was JSON, else null). */
export interface HttpAnswer {
  status: number;
  body: unknown;
  /** The `Retry-After` header, if any. */
  retryAfter: string | null;
}

export type Outcome =
  /** 2xx: the change is on the server; `row` is the answered row (new version) when it is one. */
  | { kind: 'applied'; status: number; data: unknown; row: Row | null }
  /** Try again later: nothing was applied, or the same key will replay what was. */
  | { kind: 'retry'; status: number | null; retryAfterMs: number | null; message: string }
  /** Refused for good (4xx): kept failed with the server's message until the user decides. */
  | { kind: 'rejected'; status: number; code: string; message: string; serverRow: Row | null }
  /** 401: stop pushing, keep everything, ask the app to renew the session or sign in again. */
  | { kind: 'auth'; status: 401; message: string }
  /** 403: refused with the spec's message (the user lacks the right in that company). */
  | { kind: 'forbidden'; status: 403; code: string; message: string };

/** Answers a later attempt may change: timeouts, "too early", rate limits, server faults. */
const RETRY_STATUSES = new Set([408, 425, 429]);

/** A Retry-After beyond this is treated as this (a wrong header must not park the queue). */
export const MAX_RETRY_AFTER_MS = 3_600_000;

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; null when absent or bad. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (Number.isNaN(ms)) return null;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

function field(body: unknown, name: string): unknown {
  return isRecord(body) ? body[name] : undefined;
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export function classifyAnswer(answer: HttpAnswer, now: number): Outcome {
  const { status, body } = answer;
  const serverMessage = text(field(body, 'error_message'));
  const code = text(field(body, 'error_code')) ?? `HTTP_${status}`;
  if (status >= 200 && status < 300) {
    // A 2xx without our envelope came from something in between (a captive portal's page):
    // the change may not have reached us, so it is tried again under the same key.
    if (!isRecord(body) || !('data' in body)) {
      return { kind: 'retry', status, retryAfterMs: null, message: COMMON_MESSAGES.NETWORK_FAILED };
    }
    return { kind: 'applied', status, data: body.data, row: asRow(body.data) };
  }
  if (status === 401) return { kind: 'auth', status, message: messageForHttpStatus(401) };
  if (status === 403)
    return { kind: 'forbidden', status, code, message: messageForHttpStatus(403) };
  // 1xx/3xx never come from our API: something in between answered.
  if (RETRY_STATUSES.has(status) || status >= 500 || status < 400) {
    return {
      kind: 'retry',
      status,
      retryAfterMs: parseRetryAfter(answer.retryAfter, now),
      message: serverMessage?.trim() || COMMON_MESSAGES.SERVER_BUSY,
    };
  }
  const serverRow =
    status === 409 && code === 'VERSION_CONFLICT' ? asRow(field(body, 'data')) : null;
  return {
    kind: 'rejected',
    status,
    code,
    message: messageForHttpStatus(status, serverMessage),
    serverRow,
  };
}

/** A request that got no answer (fetch threw: offline, DNS, reset, abort on timeout). */
export function classifyError(error: unknown): Outcome {
  const name = error instanceof Error ? error.name : '';
  const timedOut = name === 'AbortError' || name === 'TimeoutError';
  return {
    kind: 'retry',
    status: timedOut ? 408 : null,
    retryAfterMs: null,
    message: COMMON_MESSAGES.NETWORK_FAILED,
  };
}

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
}
export const BACKOFF: BackoffOptions = { baseMs: 1000, capMs: 300_000 };

/**
 * "Full jitter" backoff: a uniform wait in [0, min(cap, base · 2^(attempts−1))). Spreading the
 * retries of many phones that come back online at once keeps them from arriving together.
 */
export function backoff(
  attempts: number,
  random: () => number,
  { baseMs, capMs }: BackoffOptions = BACKOFF,
): number {
  const exponent = Math.max(0, Math.floor(attempts) - 1);
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(exponent, 52));
  const r = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
  return Math.floor(r * ceiling);
}

/** When a retried entry may go again: the backoff, but never before the server's Retry-After. */
export function retryAt(
  attempts: number,
  now: number,
  random: () => number,
  retryAfterMs: number | null,
): number {
  return now + Math.max(backoff(attempts, random), retryAfterMs ?? 0);
}
