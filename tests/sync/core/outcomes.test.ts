// What each answer means for an outbox entry (applied, retry, rejected, auth, forbidden) and the
// backoff between retries. A replay after a crash gets the server's stored first answer under the
// same Idempotency-Key (tests/server/mutation.test.ts), so a retry can never apply twice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import {
  BACKOFF,
  backoff,
  classifyAnswer,
  classifyError,
  MAX_RETRY_AFTER_MS,
  type Outcome,
  parseRetryAfter,
  retryAt,
} from '../../../src/sync/core/outcomes';
import { NOW, sheetRow } from './fixtures';

const refusal = (code: string, message: string, data?: unknown) => ({
  error_code: code,
  error_message: message,
  ...(data === undefined ? {} : { data }),
});

const cases: Array<[string, number, unknown, string | null, Outcome]> = [
  [
    '200 with a row',
    200,
    { data: sheetRow(4, 9) },
    null,
    { kind: 'applied', status: 200, data: sheetRow(4, 9), row: sheetRow(4, 9) },
  ],
  [
    '200 replayed with a non-row',
    200,
    { data: { id: 4 } },
    null,
    { kind: 'applied', status: 200, data: { id: 4 }, row: null },
  ],
  [
    '200 that is not our envelope (captive portal)',
    200,
    '<html>',
    null,
    { kind: 'retry', status: 200, retryAfterMs: null, message: COMMON_MESSAGES.NETWORK_FAILED },
  ],
  [
    '204 without a body',
    204,
    null,
    null,
    { kind: 'retry', status: 204, retryAfterMs: null, message: COMMON_MESSAGES.NETWORK_FAILED },
  ],
  [
    '302 from a proxy',
    302,
    null,
    null,
    { kind: 'retry', status: 302, retryAfterMs: null, message: COMMON_MESSAGES.SERVER_BUSY },
  ],
  [
    '408',
    408,
    null,
    null,
    { kind: 'retry', status: 408, retryAfterMs: null, message: COMMON_MESSAGES.SERVER_BUSY },
  ],
  [
    '425',
    425,
    null,
    null,
    { kind: 'retry', status: 425, retryAfterMs: null, message: COMMON_MESSAGES.SERVER_BUSY },
  ],
  [
    '429 with Retry-After seconds',
    429,
    refusal('TOO_MANY', '请求过于频繁'),
    '30',
    { kind: 'retry', status: 429, retryAfterMs: 30_000, message: '请求过于频繁' },
  ],
  [
    '500',
    500,
    refusal('INTERNAL_ERROR', '服务器繁忙，请稍后重试'),
    null,
    { kind: 'retry', status: 500, retryAfterMs: null, message: '服务器繁忙，请稍后重试' },
  ],
  [
    '503 with an HTTP-date Retry-After',
    503,
    null,
    new Date(NOW + 90_000).toUTCString(),
    { kind: 'retry', status: 503, retryAfterMs: 90_000, message: COMMON_MESSAGES.SERVER_BUSY },
  ],
  [
    '401',
    401,
    refusal('UNAUTHORIZED', 'x'),
    null,
    { kind: 'auth', status: 401, message: COMMON_MESSAGES.SESSION_EXPIRED },
  ],
  [
    '403 keeps the spec message',
    403,
    refusal('FORBIDDEN', '别的文字'),
    null,
    { kind: 'forbidden', status: 403, code: 'FORBIDDEN', message: COMMON_MESSAGES.NO_PERMISSION },
  ],
  [
    '400 keeps the server message',
    400,
    refusal('KEEP_ONE_PRODUCT', '至少需要保留一个产品！'),
    null,
    {
      kind: 'rejected',
      status: 400,
      code: 'KEEP_ONE_PRODUCT',
      message: '至少需要保留一个产品！',
      serverRow: null,
    },
  ],
  [
    '404 without a body',
    404,
    null,
    null,
    {
      kind: 'rejected',
      status: 404,
      code: 'HTTP_404',
      message: COMMON_MESSAGES.NOT_FOUND,
      serverRow: null,
    },
  ],
  [
    '409 VERSION_CONFLICT keeps the server row',
    409,
    refusal('VERSION_CONFLICT', '数据已被他人修改，请确认后重试', sheetRow(4, 12)),
    null,
    {
      kind: 'rejected',
      status: 409,
      code: 'VERSION_CONFLICT',
      message: '数据已被他人修改，请确认后重试',
      serverRow: sheetRow(4, 12),
    },
  ],
  [
    '413 with the spec message',
    413,
    refusal('PAYLOAD_TOO_LARGE', 'x'),
    null,
    {
      kind: 'rejected',
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: COMMON_MESSAGES.FILE_TOO_LARGE,
      serverRow: null,
    },
  ],
  [
    '422 a rule',
    422,
    refusal('NOT_DRAFT', '只有草稿状态的采购单可以保存草稿'),
    null,
    {
      kind: 'rejected',
      status: 422,
      code: 'NOT_DRAFT',
      message: '只有草稿状态的采购单可以保存草稿',
      serverRow: null,
    },
  ],
  [
    '422 key reused',
    422,
    refusal('IDEMPOTENCY_KEY_REUSED', '请求重复：该请求标识已用于其他操作'),
    null,
    {
      kind: 'rejected',
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: '请求重复：该请求标识已用于其他操作',
      serverRow: null,
    },
  ],
];

describe('classifyAnswer', () => {
  it.each(cases)('%s', (_name, status, body, retryAfter, expected) => {
    expect(classifyAnswer({ status, body, retryAfter }, NOW)).toEqual(expected);
  });
});

describe('classifyError', () => {
  it.each([
    ['fetch failed', new TypeError('fetch failed'), null],
    ['aborted by our timeout', new DOMException('timeout', 'TimeoutError'), 408],
    ['aborted', new DOMException('aborted', 'AbortError'), 408],
    ['anything thrown', 'boom', null],
  ])('%s → retry', (_name, error, status) => {
    expect(classifyError(error)).toEqual({
      kind: 'retry',
      status,
      retryAfterMs: null,
      message: COMMON_MESSAGES.NETWORK_FAILED,
    });
  });
});

describe('parseRetryAfter', () => {
  it.each([
    [null, null],
    ['', null],
    ['0', 0],
    ['120', 120_000],
    ['soon', null],
    [new Date(NOW - 5000).toUTCString(), 0],
    ['999999', MAX_RETRY_AFTER_MS],
  ])('%s → %s', (value, expected) => {
    expect(parseRetryAfter(value, NOW)).toBe(expected);
  });
});

describe('backoff', () => {
  it.each([
    [1, 0, 0],
    [1, 0.5, 500],
    [1, 0.999, 999],
    [2, 0.5, 1000],
    [3, 0.5, 2000],
    [9, 0.5, 128_000],
    [10, 0.5, 150_000],
    [50, 0.5, 150_000],
    [10_000, 1, 299_999],
    [0, 0.5, 500],
  ])('attempt %i with random %d waits %i ms', (attempts, random, expected) => {
    expect(backoff(attempts, () => random)).toBe(expected);
  });

  it('stays within [0, min(cap, base·2^(n−1))) for any attempt and random value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, r) => {
          const wait = backoff(n, () => r);
          const ceiling = Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** Math.min(n - 1, 52));
          expect(wait).toBeGreaterThanOrEqual(0);
          expect(wait).toBeLessThan(ceiling);
          expect(Number.isInteger(wait)).toBe(true);
        },
      ),
    );
  });

  it('never retries before the server’s Retry-After', () => {
    expect(retryAt(1, NOW, () => 0.5, 60_000)).toBe(NOW + 60_000);
    expect(retryAt(12, NOW, () => 0.5, 60_000)).toBe(NOW + 150_000);
    expect(retryAt(1, NOW, () => 0.5, null)).toBe(NOW + 500);
  });
});
