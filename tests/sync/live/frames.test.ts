// The live channel's client-side frame helpers: reading server frames, routing topics, reading a
// token's expiry and choosing when to refresh it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countOf,
  parseServerFrame,
  refreshDelayMs,
  routeOfTopic,
  tokenExpiryMs,
} from '../../../src/sync/live/frames';

describe('parseServerFrame', () => {
  it.each([
    ['{"type":"connected"}', { type: 'connected' }],
    ['{"type":"pong"}', { type: 'pong' }],
    ['{"type":"subscribed","topic":"a"}', { type: 'subscribed', topic: 'a' }],
    ['{"type":"unsubscribed","topic":"a"}', { type: 'unsubscribed', topic: 'a' }],
    [
      '{"type":"event","topic":"sync.poke.1","payload":{"version":3}}',
      { type: 'event', topic: 'sync.poke.1', payload: { version: 3 } },
    ],
    [
      '{"type":"error","error_code":"FORBIDDEN","error_message":"x","topic":"t"}',
      { type: 'error', errorCode: 'FORBIDDEN', errorMessage: 'x', topic: 't' },
    ],
    [
      '{"type":"error","error_code":"UNAUTHORIZED","error_message":"y"}',
      { type: 'error', errorCode: 'UNAUTHORIZED', errorMessage: 'y', topic: null },
    ],
  ])('reads %s', (text, frame) => {
    expect(parseServerFrame(text)).toEqual(frame);
  });

  it.each([
    ['not json'],
    ['[]'],
    ['null'],
    ['{"type":"event"}'],
    ['{"type":"subscribed","topic":5}'],
    ['{"type":"other"}'],
  ])('ignores %s', (text) => {
    expect(parseServerFrame(text)).toBeNull();
  });

  it('ignores binary data', () => {
    expect(parseServerFrame(new ArrayBuffer(4))).toBeNull();
  });
});

describe('routeOfTopic', () => {
  it.each([
    ['sync.poke.42', { kind: 'poke', companyId: 42 }],
    ['todo.my-unread.7', { kind: 'counter' }],
    ['todo.my-undealt.7', { kind: 'counter' }],
    ['todo.all-user-undealt.3', { kind: 'counter' }],
    ['todo.all-user-delay.3', { kind: 'counter' }],
    ['todo.b.ORDER.9.messages', { kind: 'messages' }],
    ['todo.b.INQUERY_QUOTATION_SHEET.9.messages', { kind: 'messages' }],
    ['todo.state.3', { kind: 'other' }],
    ['sync.poke.x', { kind: 'other' }],
    ['partner.all_connect_customer_count', { kind: 'other' }],
  ])('%s', (topic, route) => {
    expect(routeOfTopic(topic)).toEqual(route);
  });
});

describe('countOf', () => {
  it.each([
    [{ count: 4 }, 4],
    [{ count: '4' }, null],
    [null, null],
    [{ count: Number.NaN }, null],
  ])('%j → %j', (payload, count) => {
    expect(countOf(payload)).toBe(count);
  });
});

const jwt = (claims: unknown) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

describe('tokenExpiryMs', () => {
  it('reads exp in milliseconds, base64url with or without padding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), fc.string(), (exp, sub) => {
        expect(tokenExpiryMs(jwt({ exp, sub }))).toBe(exp * 1000);
      }),
    );
  });

  it.each([['garbage'], ['a.b.c'], [jwt({ sub: '1' })], [jwt({ exp: '5' })], ['']])(
    'null for %s',
    (token) => {
      expect(tokenExpiryMs(token)).toBeNull();
    },
  );
});

describe('refreshDelayMs', () => {
  it('is the margin before expiry for long tokens, half the rest for short ones, 0 when expired', () => {
    expect(refreshDelayMs(600_000, 0, 60_000)).toBe(540_000);
    expect(refreshDelayMs(30_000, 0, 60_000)).toBe(15_000);
    expect(refreshDelayMs(1000, 2000, 60_000)).toBe(0);
  });

  it('never fires after expiry, nor sooner than half the remaining lifetime', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 1e7 }),
        (left, margin) => {
          const delay = refreshDelayMs(left, 0, margin);
          expect(delay).toBeLessThanOrEqual(left);
          if (margin > 0 && left > 1) expect(delay).toBeLessThan(left);
          expect(delay).toBeGreaterThanOrEqual(Math.floor(left / 2));
        },
      ),
    );
  });
});
