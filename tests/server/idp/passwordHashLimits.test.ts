// One client cannot stall every sign-in behind password hashes (security review follow-up #2):
// the line of hashes is capped (beyond it: busy, with Retry-After and a Chinese message), a
// password change checks its SMS code before it hashes anything, and it is rate-limited per account.
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  HashQueue,
  MAX_WAITING_HASHES,
  PasswordHashBusy,
  passwordHashQueue,
} from '../../../server/auth/passwords';
import { checkCredentials } from '../../../server/idp/accounts';
import { DEFAULT_LOGIN_LIMITS } from '../../../server/idp/loginLimit';
import { PASSWORD_CHANGES_PER_HOUR } from '../../../server/routes/account';
import { ACCOUNT_MESSAGES } from '../../../src/domain/account/messages';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { drivers } from '../../support/databases';
import { createAccount } from '../../support/tokens';
import { lastSms, newOutboxFile } from '../account/accountHarness';
import { type Harness, startHarness } from '../purchasing/ordersHarness';

const NEW_PASSWORD = 'Neu@2026pw';

/** Takes every slot and waiting place of `queue`; resolves the held jobs when called. */
function holdFull(queue: HashQueue, places: number): () => Promise<void> {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = Array.from({ length: places }, () => queue.run(() => gate));
  return async () => {
    release();
    await Promise.all(held);
  };
}

describe('the line of password hashes', () => {
  it('runs two at once, lets a few wait and refuses the rest at once', async () => {
    const queue = new HashQueue(2, 3);
    const release = holdFull(queue, 5);
    await expect(queue.run(async () => 'sixth')).rejects.toBeInstanceOf(PasswordHashBusy);
    await release();
    await expect(queue.run(async () => 'after')).resolves.toBe('after');
  });
});

describe.each(drivers)('password hashing under load on %s', (driver) => {
  let h: Harness;
  let outbox: string;
  let release: (() => Promise<void>) | null = null;
  const fillTheLine = () => {
    release = holdFull(passwordHashQueue, 2 + MAX_WAITING_HASHES);
  };

  beforeAll(async () => {
    outbox = newOutboxFile();
    h = await startHarness(driver, { smsOutboxFile: outbox });
    await createAccount(h.db.database, { username: 'queued', password: 'Demo@2026', name: 'q' });
  });
  afterEach(async () => {
    await release?.();
    release = null;
  });
  afterAll(async () => {
    await h.close();
  });

  const colleague = () => h.world.accounts.colleague;
  const changePassword = (body: Record<string, unknown>) =>
    h.call('colleague', {
      method: 'PUT',
      url: `/partners-api/v7/users/${colleague()}/passwords`,
      payload: body,
      company: null,
    });
  const codeFor = async (mobile: string) => {
    // Past the resend lock of an earlier code.
    await h.db.database.db.execute(
      sql`update verification_codes set created_at = created_at - interval '2 minutes'
          where mobile = ${mobile}`,
    );
    const res = await h.call('colleague', {
      method: 'GET',
      url: '/api/v7/sms/verify_code',
      query: { mobile },
      company: null,
    });
    expect(res.statusCode).toBe(200);
    const code = lastSms(outbox, mobile)?.code;
    if (!code) throw new Error('no code in the outbox');
    return code;
  };

  it('refuses a sign-in as busy, not counted as a failure, while the line is full', async () => {
    fillTheLine();
    const result = await checkCredentials(h.db.database.db, DEFAULT_LOGIN_LIMITS, {
      username: 'queued',
      password: 'Demo@2026',
      ip: '10.4.0.1',
    });
    expect(result).toEqual({ ok: false, reason: 'busy', retryAfterSeconds: expect.any(Number) });
    await release?.();
    release = null;
    const after = await checkCredentials(h.db.database.db, DEFAULT_LOGIN_LIMITS, {
      username: 'queued',
      password: 'Demo@2026',
      ip: '10.4.0.1',
    });
    expect(after.ok).toBe(true);
  });

  it('checks the code before hashing: a wrong code is refused at once even with the line full', async () => {
    const code = await codeFor('13800000002');
    fillTheLine();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await changePassword({ verify_code: wrong, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message).toBe(ACCOUNT_MESSAGES.VERIFY_CODE_WRONG);
  });

  it('answers 503 with Retry-After when the line is full, and keeps the right code usable', async () => {
    const code = await codeFor('13800000002');
    fillTheLine();
    const busy = await changePassword({ verify_code: code, new_password: NEW_PASSWORD });
    expect(busy.statusCode).toBe(503);
    expect(busy.json()).toMatchObject({
      error_code: 'SERVER_BUSY',
      error_message: COMMON_MESSAGES.SERVER_BUSY,
    });
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    await release?.();
    release = null;
    const done = await changePassword({ verify_code: code, new_password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
  });

  it('limits password changes per account and hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PASSWORD_CHANGES_PER_HOUR; i++) {
      const res = await h.call('buyer', {
        method: 'PUT',
        url: `/partners-api/v7/users/${h.world.accounts.buyer}/passwords`,
        payload: { verify_code: '000000', new_password: NEW_PASSWORD },
        company: null,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, PASSWORD_CHANGES_PER_HOUR).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
