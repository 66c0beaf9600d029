// Registration (/register; settings-messaging-shared §2 "Registration page", finished as
// docs/decisions.md "Registration" says): the server's image code (SVG, hashed, single use) gates
// the SMS code, the SMS code proves the mobile, a PENDING request is recorded, and the operator's
// `npm run registrations` approves it into a company (account + IN_SERVICE contact) or rejects it.

import { type ChallengeParameters, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashCode } from '../../../server/account/codeHash';
import { CHALLENGE_COUNTER } from '../../../server/account/imageCodes';
import { runRegistrationsCommand } from '../../../server/account/registrationsCli';
import {
  accounts,
  contacts,
  imageCodes,
  registrationRequests,
  verificationCodes,
} from '../../../server/db/schema/index';
import { checkCredentials } from '../../../server/idp/accounts';
import { DEFAULT_LOGIN_LIMITS } from '../../../server/idp/loginLimit';
import { ACCOUNT_MESSAGES } from '../../../src/domain/account/messages';
import { PASSWORD_PATTERN } from '../../../src/domain/account/password';
import { drivers } from '../../support/databases';
import { type Harness, startHarness } from '../purchasing/ordersHarness';
import { lastSms, newOutboxFile, outboxLines } from './accountHarness';

describe.each(drivers)('registration on %s', (driver) => {
  let h: Harness;
  let outbox: string;

  beforeAll(async () => {
    outbox = newOutboxFile();
    h = await startHarness(driver, { smsOutboxFile: outbox });
  });
  afterAll(async () => {
    await h.close();
  });

  const db = () => h.db.database.db;
  let known = 0;
  /** An image code whose answer the test knows (the real ones are drawn at random). */
  const imageCode = async (answer = 'k7Xp') => {
    known += 1;
    const id = `test-image-code-${known}`;
    await db()
      .insert(imageCodes)
      .values({
        id,
        answerHash: hashCode(answer.toLowerCase()),
        expiresAt: new Date(Date.now() + 60_000),
      });
    return { id, answer };
  };
  const requestSms = (body: Record<string, unknown>) =>
    h.call(null, {
      method: 'POST',
      url: '/api/v7/registrations/verify_code',
      payload: body,
      company: null,
    });
  const submit = (body: Record<string, unknown>) =>
    h.call(null, { method: 'POST', url: '/api/v7/registrations', payload: body, company: null });

  it('makes a proof-of-work challenge without a token and keeps only the answer’s hash', async () => {
    const res = await h.call(null, {
      method: 'GET',
      url: '/api/v7/registrations/image_code',
      company: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { id, challenge } = res.json().data as { id: string; challenge: ChallengeParameters };
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyPrefix: /^[0-9a-f]+$/ });
    const [row] = await db().select().from(imageCodes).where(eq(imageCodes.id, id));
    expect(row?.usedAt).toBeNull();
    expect(row?.answerHash).toMatch(/^[\w-]+\$[\w-]+$/);
  });

  it('takes the solved challenge’s counter as the answer (also recorded in the outbox file for tests)', async () => {
    const res = await h.call(null, {
      method: 'GET',
      url: '/api/v7/registrations/image_code',
      company: null,
    });
    const { id, challenge } = res.json().data as { id: string; challenge: ChallengeParameters };
    const line = outboxLines(outbox).find((l) => (l as { id?: string }).id === id) as
      | { answer?: string }
      | undefined;
    // What the page's worker does, with the same library.
    const solution = await solveChallenge({ challenge: { parameters: challenge }, deriveKey });
    expect(String(solution?.counter)).toBe(line?.answer);
    expect(solution?.counter).toBeGreaterThanOrEqual(CHALLENGE_COUNTER.min);
    const sent = await requestSms({
      mobile: '13955556666',
      image_code_id: id,
      image_code: String(solution?.counter),
    });
    expect(sent.statusCode).toBe(200);
    expect(lastSms(outbox, '13955556666', 'REGISTER')?.code).toMatch(/^\d{6}$/);
  });

  it('sends no SMS for a bad mobile or without the image code', async () => {
    const img = await imageCode();
    const bad = await requestSms({
      mobile: '12800000000',
      image_code_id: img.id,
      image_code: img.answer,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_message).toBe(ACCOUNT_MESSAGES.REGISTER_MOBILE_INVALID);
    const noImage = await requestSms({ mobile: '13911112222', image_code_id: img.id });
    expect(noImage.json().error_message).toBe(ACCOUNT_MESSAGES.REGISTER_IMAGE_CODE_REQUIRED);
    expect(lastSms(outbox, '13911112222')).toBeUndefined();
  });

  it('spends the image code on the first try: a wrong answer, then even the right one, fail', async () => {
    const img = await imageCode();
    const wrong = await requestSms({
      mobile: '13911112222',
      image_code_id: img.id,
      image_code: 'zzzz',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_message).toBe(ACCOUNT_MESSAGES.IMAGE_CODE_WRONG);
    const right = await requestSms({
      mobile: '13911112222',
      image_code_id: img.id,
      image_code: img.answer,
    });
    expect(right.json().error_message).toBe(ACCOUNT_MESSAGES.IMAGE_CODE_INVALID);
    expect(lastSms(outbox, '13911112222')).toBeUndefined();
  });

  it('answers a mobile that already has an account as any other, and texts it a notice, not a code', async () => {
    const img = await imageCode();
    const res = await requestSms({
      mobile: '13800000001',
      image_code_id: img.id,
      image_code: img.answer,
    });
    expect(res.statusCode).toBe(200);
    expect(lastSms(outbox, '13800000001')).toMatchObject({ purpose: 'REGISTER_NOTICE' });
    expect(lastSms(outbox, '13800000001')?.code).toBeUndefined();
  });

  it('records a PENDING request with the right SMS code (answer case-insensitive), once', async () => {
    const img = await imageCode('AbCd');
    const sent = await requestSms({
      mobile: '13911112222',
      image_code_id: img.id,
      image_code: 'abcd',
    });
    expect(sent.statusCode).toBe(200);
    const code = lastSms(outbox, '13911112222', 'REGISTER')?.code;
    expect(code).toMatch(/^\d{6}$/);

    const missing = await submit({ name: ' ', mobile: '13911112222', verify_code: code });
    expect(missing.json().error_message).toBe(ACCOUNT_MESSAGES.REGISTER_NAME_REQUIRED);
    const noCode = await submit({ name: '赵新', mobile: '13911112222' });
    expect(noCode.json().error_message).toBe(ACCOUNT_MESSAGES.REGISTER_SMS_CODE_REQUIRED);
    const wrong = await submit({
      name: '赵新',
      mobile: '13911112222',
      verify_code: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error_message).toBe(ACCOUNT_MESSAGES.VERIFY_CODE_WRONG);

    const ok = await submit({ name: ' 赵新 ', mobile: '13911112222', verify_code: code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ id: expect.any(Number), state: 'PENDING' });
    const [row] = await db()
      .select()
      .from(registrationRequests)
      .where(eq(registrationRequests.id, ok.json().data.id));
    expect(row).toMatchObject({ name: '赵新', mobile: '13911112222', state: 'PENDING' });

    const twice = await submit({ name: '赵新', mobile: '13911112222', verify_code: code });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error_message).toBe(ACCOUNT_MESSAGES.VERIFY_CODE_INVALID);
    // Past the resend lock, the pending mobile is answered as any other; its phone hears why.
    await db()
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(verificationCodes.mobile, '13911112222'));
    const img2 = await imageCode();
    const pending = await requestSms({
      mobile: '13911112222',
      image_code_id: img2.id,
      image_code: img2.answer,
    });
    expect(pending.statusCode).toBe(200);
    expect(lastSms(outbox, '13911112222')).toMatchObject({ purpose: 'REGISTER_NOTICE' });
    expect(lastSms(outbox, '13911112222')?.text).toContain('注册申请正在审核中');
  });

  describe('npm run registrations', () => {
    const run = async (...argv: string[]) => {
      const lines: string[] = [];
      const code = await runRegistrationsCommand(
        h.db.database,
        argv,
        { info: (l) => lines.push(l), error: (l) => lines.push(`ERR ${l}`) },
        { warn: () => undefined, info: () => undefined },
        outbox,
      );
      return { code, text: lines.join('\n') };
    };
    const pendingOf = async (mobile: string) => {
      const [row] = await db()
        .select()
        .from(registrationRequests)
        .where(eq(registrationRequests.mobile, mobile));
      if (!row) throw new Error(`no request for ${mobile}`);
      return row;
    };

    it('lists the pending requests', async () => {
      const { code, text } = await run('list');
      expect(code).toBe(0);
      expect(text).toMatch(/#\d+ +PENDING +13911112222 +赵新/);
    });

    it('approves into a company: account (username = mobile), IN_SERVICE contact, password by SMS', async () => {
      const request = await pendingOf('13911112222');
      const bad = await run('approve', String(request.id));
      expect(bad.code).toBe(2);
      const { code, text } = await run(
        'approve',
        String(request.id),
        '--company',
        String(h.world.companies.a),
      );
      expect(code, text).toBe(0);
      const decided = await pendingOf('13911112222');
      expect(decided).toMatchObject({ state: 'APPROVED', companyId: h.world.companies.a });
      const [account] = await db()
        .select()
        .from(accounts)
        .where(eq(accounts.id, decided.accountId ?? 0));
      expect(account).toMatchObject({
        username: '13911112222',
        name: '赵新',
        mobile: '13911112222',
      });
      const [contact] = await db()
        .select()
        .from(contacts)
        .where(eq(contacts.accountId, decided.accountId ?? 0));
      expect(contact).toMatchObject({
        companyId: h.world.companies.a,
        status: 'IN_SERVICE',
        isAdmin: false,
        name: '赵新',
      });
      const staff = (await h.feed(h.world.companies.a)).find(
        (c) => c.tableName === 'staff' && c.rowId === String(contact?.id),
      );
      expect(staff?.row).toMatchObject({ name: '赵新', status: 'IN_SERVICE' });

      const sms = lastSms(outbox, '13911112222', 'REGISTER_APPROVED');
      const password = /初始密码 (\S+)，/.exec(sms?.text ?? '')?.[1] ?? '';
      expect(password).toMatch(PASSWORD_PATTERN);
      const signIn = await checkCredentials(db(), DEFAULT_LOGIN_LIMITS, {
        username: '13911112222',
        password,
        ip: '10.0.0.7',
      });
      expect(signIn).toEqual({ ok: true, accountId: String(decided.accountId) });

      const again = await run(
        'approve',
        String(request.id),
        '--company',
        String(h.world.companies.a),
      );
      expect(again.code).toBe(1);
      expect(again.text).toContain('APPROVED');
    });

    it('rejects a request', async () => {
      const [row] = await db()
        .insert(registrationRequests)
        .values({ name: '钱拒', mobile: '13922223333' })
        .returning({ id: registrationRequests.id });
      const { code } = await run('reject', String(row?.id));
      expect(code).toBe(0);
      expect((await pendingOf('13922223333')).state).toBe('REJECTED');
      const unknown = await run('frobnicate');
      expect(unknown.code).toBe(2);
    });
  });
});
