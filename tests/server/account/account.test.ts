// The personal centre's server side (settings-messaging-shared §5 "Password reset", §7 "sms
// verify_code" and "Partners" users calls): the SMS code rules (6 digits, hashed, 60 s resend lock,
// expiry, single use, a few wrong tries), the password rule, the new password at the identity
// provider, the avatar, and that only the user themself may change their account.
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth/passwords';
import { accounts, files, verificationCodes } from '../../../server/db/schema/index';
import { checkCredentials } from '../../../server/idp/accounts';
import { DEFAULT_LOGIN_LIMITS } from '../../../server/idp/loginLimit';
import { ACCOUNT_MESSAGES } from '../../../src/domain/account/messages';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { drivers } from '../../support/databases';
import { accessTokenFor } from '../../support/tokens';
import { type Harness, startHarness } from '../purchasing/ordersHarness';
import { lastSms, multipart, newOutboxFile, PNG_1X1 } from './accountHarness';

const NEW_PASSWORD = 'Neu@2026pw';

describe.each(drivers)('account routes on %s', (driver) => {
  let h: Harness;
  let outbox: string;

  beforeAll(async () => {
    outbox = newOutboxFile();
    h = await startHarness(driver, { smsOutboxFile: outbox });
    const db = h.db.database.db;
    await db
      .update(accounts)
      .set({ passwordHash: await hashPassword('Demo@2026') })
      .where(eq(accounts.id, h.world.accounts.colleague));
  });
  afterAll(async () => {
    await h.close();
  });

  const db = () => h.db.database.db;
  const requestCode = (who: 'buyer' | 'colleague' | 'nocompany' | null, mobile: string) =>
    h.call(who, {
      method: 'GET',
      url: '/api/v7/sms/verify_code',
      query: { mobile },
      company: null,
    });
  const changePassword = (who: 'buyer' | 'colleague', id: number, body: Record<string, unknown>) =>
    h.call(who, {
      method: 'PUT',
      url: `/partners-api/v7/users/${id}/passwords`,
      payload: body,
      company: null,
    });
  /** Moves the newest code of a mobile back in time, as if `seconds` had passed. */
  const age = async (mobile: string, seconds: number) => {
    await db().execute(
      sql`update verification_codes set created_at = created_at - make_interval(secs => ${seconds}),
          expires_at = expires_at - make_interval(secs => ${seconds}) where mobile = ${mobile}`,
    );
  };
  const newestCode = async (mobile: string) => {
    const [row] = await db()
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.mobile, mobile))
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1);
    return row;
  };
  const signIn = (username: string, password: string) =>
    checkCredentials(db(), DEFAULT_LOGIN_LIMITS, { username, password, ip: '10.0.0.9' });

  describe('GET /api/v7/sms/verify_code', () => {
    it('sends a 6-digit code to the account’s own mobile, stored only as a hash', async () => {
      const res = await requestCode('buyer', '13800000001');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ sent: true, resend_after: 60, expires_in: 600 });
      const sms = lastSms(outbox, '13800000001', 'PASSWORD');
      expect(sms?.code).toMatch(/^\d{6}$/);
      expect(sms?.text).toContain(sms?.code);
      const row = await newestCode('13800000001');
      expect(row?.purpose).toBe('PASSWORD');
      expect(row?.codeHash).not.toContain(sms?.code);
      const ttl = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
      expect(ttl).toBe(10 * 60_000);
    });

    it('refuses a second code within 60 s with 429 and the seconds left, then allows it', async () => {
      const again = await requestCode('buyer', '13800000001');
      expect(again.statusCode).toBe(429);
      expect(again.json().error_message).toMatch(/^验证码发送过于频繁，请(60|59|58)秒后再试$/);
      const first = lastSms(outbox, '13800000001')?.code;
      await age('13800000001', 61);
      const later = await requestCode('buyer', '13800000001');
      expect(later.statusCode).toBe(200);
      const second = lastSms(outbox, '13800000001')?.code;
      expect(second).toMatch(/^\d{6}$/);
      // Only the newest code counts: the first one no longer changes the password.
      if (first !== second) {
        const res = await changePassword('buyer', h.world.accounts.buyer, {
          verify_code: first,
          new_password: NEW_PASSWORD,
        });
        expect(res.statusCode).toBe(400);
      }
    });

    it('sends nothing to a mobile that is not the account’s, nor for an account without one', async () => {
      const other = await requestCode('colleague', '13800000001');
      expect(other.statusCode).toBe(400);
      expect(other.json().error_message).toBe(ACCOUNT_MESSAGES.MOBILE_MISMATCH);
      const none = await requestCode('nocompany', '13800000009');
      expect(none.statusCode).toBe(400);
      expect(none.json().error_message).toBe(ACCOUNT_MESSAGES.NO_MOBILE);
      expect(lastSms(outbox, '13800000009')).toBeUndefined();
      const anonymous = await requestCode(null, '13800000001');
      expect(anonymous.statusCode).toBe(401);
    });

    it('accepts the mobile with a +86 prefix', async () => {
      await age('13800000002', 120);
      const res = await requestCode('colleague', '+8613800000002');
      expect(res.statusCode).toBe(200);
      expect(lastSms(outbox, '13800000002')?.code).toMatch(/^\d{6}$/);
    });
  });

  describe('PUT /partners-api/v7/users/{id}/passwords', () => {
    const colleague = () => h.world.accounts.colleague;
    const freshCode = async () => {
      await age('13800000002', 120);
      expect((await requestCode('colleague', '13800000002')).statusCode).toBe(200);
      const code = lastSms(outbox, '13800000002')?.code;
      if (!code) throw new Error('no code in the outbox');
      return code;
    };
    const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    it('answers the spec’s messages for a missing code, a missing and a weak password', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ new_password: NEW_PASSWORD }, ACCOUNT_MESSAGES.VERIFY_CODE_REQUIRED],
        [{ verify_code: '123456' }, ACCOUNT_MESSAGES.PASSWORD_REQUIRED],
        [{ verify_code: '123456', new_password: 'abcdefgh1' }, ACCOUNT_MESSAGES.PASSWORD_RULE],
        [{ verify_code: '123456', new_password: 'Ab1@' }, ACCOUNT_MESSAGES.PASSWORD_RULE],
      ];
      for (const [body, message] of cases) {
        const res = await changePassword('colleague', colleague(), body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error_message).toBe(message);
      }
    });

    it('refuses another user’s account with 403', async () => {
      const res = await changePassword('buyer', colleague(), {
        verify_code: '123456',
        new_password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error_message).toBe(COMMON_MESSAGES.NO_PERMISSION);
    });

    it('counts wrong codes and kills the code after 5 wrong tries', async () => {
      const code = await freshCode();
      for (let i = 0; i < 4; i += 1) {
        const res = await changePassword('colleague', colleague(), {
          verify_code: wrongOf(code),
          new_password: NEW_PASSWORD,
        });
        expect(res.json().error_message).toBe(ACCOUNT_MESSAGES.VERIFY_CODE_WRONG);
      }
      const fifth = await changePassword('colleague', colleague(), {
        verify_code: wrongOf(code),
        new_password: NEW_PASSWORD,
      });
      expect(fifth.json().error_message).toBe(ACCOUNT_MESSAGES.VERIFY_CODE_INVALID);
      const right = await changePassword('colleague', colleague(), {
        verify_code: code,
        new_password: NEW_PASSWORD,
      });
      expect(right.statusCode).toBe(400);
      expect(right.json().error_message).toBe(ACCOUNT_MESSAGES.VERIFY_CODE_INVALID);
      expect((await signIn('colleague', 'Demo@2026')).ok).toBe(true);
    });

    it('refuses an expired code', async () => {
      const code = await freshCode();
      await age('13800000002', 10 * 60 + 1);
      const res = await changePassword('colleague', colleague(), {
        verify_code: code,
        new_password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toBe(ACCOUNT_MESSAGES.VERIFY_CODE_INVALID);
    });

    it('changes the password with the right code; the provider then takes only the new one', async () => {
      const code = await freshCode();
      // A token issued half a minute before the change (the harness's own may share its second,
      // which a change lets live: server/auth/session.ts).
      const issuer = 'http://127.0.0.1:8080/oidc';
      const before = await accessTokenFor(h.db.database, issuer, colleague(), {
        expiresInSeconds: 30,
      });
      const res = await changePassword('colleague', colleague(), {
        verify_code: code,
        new_password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(200);
      expect(await signIn('colleague', NEW_PASSWORD)).toEqual({
        ok: true,
        accountId: String(colleague()),
      });
      expect((await signIn('colleague', 'Demo@2026')).ok).toBe(false);
      // The access token from before the change names no kept session: it is dead (M4).
      const stale = await h.call(null, {
        method: 'PUT',
        url: `/partners-api/v7/users/${colleague()}/passwords`,
        payload: { verify_code: code, new_password: 'Other@2026x' },
        headers: { authorization: `Bearer ${before}` },
        company: null,
      });
      expect(stale.statusCode).toBe(401);
      // The code was used once: it does not work a second time, even with a new token.
      const fresh = await accessTokenFor(h.db.database, 'http://127.0.0.1:8080/oidc', colleague());
      const again = await h.call(null, {
        method: 'PUT',
        url: `/partners-api/v7/users/${colleague()}/passwords`,
        payload: { verify_code: code, new_password: 'Other@2026x' },
        headers: { authorization: `Bearer ${fresh}` },
        company: null,
      });
      expect(again.json().error_message).toBe(ACCOUNT_MESSAGES.VERIFY_CODE_INVALID);
      expect((await signIn('colleague', NEW_PASSWORD)).ok).toBe(true);
    });
  });

  describe('GET /partners-api/v7/users/{id}', () => {
    it('answers the user themself and refuses anyone else', async () => {
      const mine = await h.call('buyer', {
        method: 'GET',
        url: `/partners-api/v7/users/${h.world.accounts.buyer}`,
        company: null,
      });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data).toMatchObject({
        id: h.world.accounts.buyer,
        name: '王小明',
        mobile: '13800000001',
        username: 'buyer',
      });
      const theirs = await h.call('buyer', {
        method: 'GET',
        url: `/partners-api/v7/users/${h.world.accounts.bob}`,
        company: null,
      });
      expect(theirs.statusCode).toBe(403);
    });
  });

  describe('PUT /partners-api/v7/users/{id}/avatar', () => {
    const upload = async (name: string, content: Buffer, type: string, documentType = 'AVATAR') => {
      const body = multipart(name, content, type);
      return h.call('buyer', {
        method: 'POST',
        url: '/api/v7/files',
        query: { documentType },
        payload: body.payload,
        headers: body.headers,
      });
    };
    const setAvatar = (who: 'buyer' | 'bob', id: number, avatar: string) =>
      h.call(who, {
        method: 'PUT',
        url: `/partners-api/v7/users/${id}/avatar`,
        query: { avatar },
        company: null,
      });

    it('takes an uploaded png, answers its url, and the staff rows of the account sync again', async () => {
      const uploaded = await upload('avatar.png', PNG_1X1, 'image/png');
      expect(uploaded.statusCode).toBe(200);
      const objectName = uploaded.json().data.object_name as string;
      const before = (await h.feed(h.world.companies.a)).at(-1)?.version ?? 0;
      const res = await setAvatar('buyer', h.world.accounts.buyer, objectName);
      expect(res.statusCode).toBe(200);
      const avatar = res.json().data.avatar as string;
      expect(avatar).toBe(`/api/v7/files/content?path=${encodeURIComponent(objectName)}`);
      const me = await h.call('buyer', { method: 'GET', url: '/api/v7/user', company: null });
      expect(me.json().data.avatar).toBe(avatar);
      for (const [company, contact] of [
        [h.world.companies.a, h.world.contacts.buyerA],
        [h.world.companies.a2, h.world.contacts.buyerA2],
      ] as const) {
        const staff = (await h.feed(company, before)).find(
          (c) => c.tableName === 'staff' && c.rowId === String(contact),
        );
        expect(staff?.row).toMatchObject({ login_user: { avatar } });
      }
    });

    it('refuses a file that is not an image, at upload and at the change', async () => {
      const fake = await upload('avatar.png', Buffer.from('not an image at all'), 'image/png');
      expect(fake.statusCode).toBe(415);
      const pdf = await upload(
        'doc.pdf',
        Buffer.from('%PDF-1.4 x'),
        'application/pdf',
        'TODO_ATTACHMENT',
      );
      expect(pdf.statusCode).toBe(200);
      const res = await setAvatar('buyer', h.world.accounts.buyer, pdf.json().data.object_name);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toBe(ACCOUNT_MESSAGES.AVATAR_NOT_IMAGE);
    });

    it('refuses another user’s account (403) and someone else’s file (404)', async () => {
      const uploaded = await upload('mine.png', PNG_1X1, 'image/png');
      const objectName = uploaded.json().data.object_name as string;
      const other = await setAvatar('buyer', h.world.accounts.bob, objectName);
      expect(other.statusCode).toBe(403);
      const foreign = await setAvatar('bob', h.world.accounts.bob, objectName);
      expect(foreign.statusCode).toBe(404);
      const [row] = await db()
        .select({ avatar: accounts.avatarUrl })
        .from(accounts)
        .where(eq(accounts.id, h.world.accounts.bob));
      expect(row?.avatar).toBe('/avatars/bob.png');
      const missing = await setAvatar(
        'buyer',
        h.world.accounts.buyer,
        `${h.world.companies.a}/nope/x.png`,
      );
      expect(missing.statusCode).toBe(404);
      const stored = await db()
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.objectName, objectName)));
      expect(stored).toHaveLength(1);
    });
  });
});
