// The public registration calls are rate-limited per client address (docs/decisions.md
// "Registration"): past the limit within a minute the answer is 429 in our envelope with the
// Chinese message and Retry-After, and other addresses are not affected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashCode } from '../../../server/account/codeHash';
import { imageCodes } from '../../../server/db/schema/index';
import {
  REGISTRATION_RATE_LIMITS,
  REGISTRATION_SMS_PER_ADDRESS_HOURLY,
} from '../../../server/routes/account';
import { ACCOUNT_MESSAGES } from '../../../src/domain/account/messages';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { type Harness, startHarness } from '../purchasing/ordersHarness';

describe('registration rate limit', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness('pglite');
  });
  afterAll(async () => {
    await h.close();
  });

  const imageCode = (remoteAddress: string) =>
    h.app.inject({ method: 'GET', url: '/api/v7/registrations/image_code', remoteAddress });

  it('refuses image codes past the per-minute limit of one address, with the reason', async () => {
    for (let i = 0; i < REGISTRATION_RATE_LIMITS.imageCode; i++) {
      expect((await imageCode('203.0.113.7')).statusCode).toBe(200);
    }
    const refused = await imageCode('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error_code: 'TOO_MANY_REQUESTS',
      error_message: COMMON_MESSAGES.TOO_MANY_REQUESTS,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await imageCode('198.51.100.9')).statusCode).toBe(200);
  });

  it('limits the SMS code per address too, before any code is sent', async () => {
    const send = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/v7/registrations/verify_code',
        payload: { mobile: '13800000000', image_code_id: 'none', image_code: 'x' },
        remoteAddress: '203.0.113.8',
      });
    for (let i = 0; i < REGISTRATION_RATE_LIMITS.smsCode; i++) {
      expect((await send()).statusCode).not.toBe(429);
    }
    expect((await send()).statusCode).toBe(429);
  });

  it('sends one address (an IPv6 /64) only a few codes an hour, far below the global budget', async () => {
    let known = 0;
    const send = async (remoteAddress: string, typo = false) => {
      known += 1;
      const id = `hourly-image-code-${known}`;
      await h.db.database.db.insert(imageCodes).values({
        id,
        answerHash: hashCode('k7xp'),
        expiresAt: new Date(Date.now() + 60_000),
      });
      return h.app.inject({
        method: 'POST',
        url: '/api/v7/registrations/verify_code',
        payload: {
          mobile: `1390000${String(known).padStart(4, '0')}`,
          image_code_id: id,
          image_code: typo ? 'zzzz' : 'k7Xp',
        },
        remoteAddress,
      });
    };
    // A mistyped image code costs nothing of the hour's budget.
    expect((await send('2001:db8:5:5::1', true)).statusCode).toBe(400);
    for (let i = 0; i < REGISTRATION_SMS_PER_ADDRESS_HOURLY; i++) {
      expect((await send(`2001:db8:5:5::${i + 2}`)).statusCode).toBe(200);
    }
    const refused = await send('2001:db8:5:5:ffff::9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error_code: 'SMS_ADDRESS_BUDGET',
      error_message: ACCOUNT_MESSAGES.SMS_BUDGET_SPENT,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect((await send('2001:db8:5:6::1')).statusCode).toBe(200);
  });
});
