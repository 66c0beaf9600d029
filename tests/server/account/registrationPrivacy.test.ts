// Registration without an account oracle or an open SMS tap (security review M11, L4): the code
// request answers alike for a new, a registered and a pending mobile (the phone gets a notice
// instead of a code), an hourly budget in all and per mobile prefix stops number cycling, and a
// production server's log never holds a code or an initial password.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashCode } from '../../../server/account/codeHash';
import { approveRegistration } from '../../../server/account/registrations';
import { createSmsOutbox, maskMobile, smsText } from '../../../server/account/smsOutbox';
import { buildApp } from '../../../server/app';
import {
  accounts,
  companies,
  imageCodes,
  registrationRequests,
} from '../../../server/db/schema/index';
import { ACCOUNT_MESSAGES } from '../../../src/domain/account/messages';
import { testConfig } from '../../support/app';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import { lastSms, newOutboxFile, outboxLines } from './accountHarness';

describe.each(drivers)('registration privacy on %s', (driver) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let outbox: string;
  const log: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    outbox = newOutboxFile();
    const config = testConfig({
      production: true,
      logLevel: 'info',
      smsOutboxFile: outbox,
      smsBudget: { hourly: 6, prefixHourly: 2 },
    });
    app = await buildApp({
      config,
      database: db.database,
      logStream: { write: (line) => void log.push(line) },
    });
    await app.ready();
    await db.database.db
      .insert(accounts)
      .values({ username: 'known', name: '老用户', mobile: '13700000001', passwordHash: 'x' });
    await db.database.db
      .insert(registrationRequests)
      .values({ name: '待审', mobile: '13600000002' });
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  let known = 0;
  const requestSms = async (mobile: string) => {
    known += 1;
    const id = `privacy-image-code-${known}`;
    await db.database.db.insert(imageCodes).values({
      id,
      answerHash: hashCode('k7xp'),
      expiresAt: new Date(Date.now() + 60_000),
    });
    return app.inject({
      method: 'POST',
      url: '/api/v7/registrations/verify_code',
      payload: { mobile, image_code_id: id, image_code: 'k7xp' },
      // From many addresses: the budgets under test are the global and per-prefix ones, not the
      // per-address hourly one (registrationRateLimit.test.ts).
      remoteAddress: `198.51.100.${known}`,
    });
  };

  it('answers a registered, a pending and a new mobile alike; only the new one gets a code', async () => {
    const answers = [];
    for (const mobile of ['13700000001', '13600000002', '13500000003']) {
      const res = await requestSms(mobile);
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers[0]).toEqual({
      status: 200,
      body: { data: expect.objectContaining({ sent: true }) },
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    expect(lastSms(outbox, '13700000001')).toMatchObject({
      purpose: 'REGISTER_NOTICE',
      text: smsText.registered(),
    });
    expect(lastSms(outbox, '13700000001')?.code).toBeUndefined();
    expect(lastSms(outbox, '13600000002')).toMatchObject({
      purpose: 'REGISTER_NOTICE',
      text: smsText.pending(),
    });
    expect(lastSms(outbox, '13500000003', 'REGISTER')?.code).toMatch(/^\d{6}$/);

    // Asking again within the resend lock: the same refusal for every mobile.
    const again = await Promise.all(['13700000001', '13500000003'].map((m) => requestSms(m)));
    for (const res of again) {
      expect(res.statusCode).toBe(429);
      expect(res.json().error_message).toMatch(/^验证码发送过于频繁，请\d+秒后再试$/);
    }
  });

  it('keeps codes out of a production log, and the mobiles masked', () => {
    const text = log.join('');
    const code = lastSms(outbox, '13500000003', 'REGISTER')?.code ?? 'missing';
    expect(text).toContain(`REGISTER to ${maskMobile('13500000003')}`);
    expect(text).not.toContain(code);
    for (const mobile of ['13700000001', '13600000002', '13500000003']) {
      expect(text).not.toContain(mobile);
    }
    expect(text).not.toContain(ACCOUNT_MESSAGES.MOBILE_REGISTERED);
  });

  it('keeps an approved registration’s initial password out of a production log', async () => {
    const [company] = await db.database.db
      .insert(companies)
      .values({ name: '测试公司' })
      .returning({ id: companies.id });
    const [request] = await db.database.db
      .insert(registrationRequests)
      .values({ name: '新同事', mobile: '13400000004' })
      .returning({ id: registrationRequests.id });
    const before = log.length;
    const sms = createSmsOutbox(app.log, outbox, { revealSecrets: false });
    await approveRegistration(db.database.db, sms, {
      id: request?.id ?? 0,
      companyId: company?.id ?? 0,
    });
    const password = /初始密码 (\S+)，/.exec(lastSms(outbox, '13400000004')?.text ?? '')?.[1];
    expect(password).toBeTruthy();
    const text = log.slice(before).join('');
    expect(text).toContain(`REGISTER_APPROVED to ${maskMobile('13400000004')}`);
    expect(text).not.toContain(password);
    expect(text).not.toContain('初始密码');
  });

  it('stops registration SMS past the hour’s budget per prefix and in all, for every mobile alike', async () => {
    // Three codes and notices so far (budget: 6 an hour, 2 per 7-digit prefix).
    expect((await requestSms('13900000011')).statusCode).toBe(200);
    expect((await requestSms('13900000012')).statusCode).toBe(200);
    const prefixSpent = await requestSms('13900000013');
    expect(prefixSpent.statusCode).toBe(429);
    expect(prefixSpent.json().error_message).toBe(ACCOUNT_MESSAGES.SMS_BUDGET_SPENT);
    expect(lastSms(outbox, '13900000013')).toBeUndefined();

    expect((await requestSms('13300000001')).statusCode).toBe(200);
    const allSpent = await requestSms('13200000001');
    expect(allSpent.statusCode).toBe(429);
    expect(allSpent.json().error_message).toBe(ACCOUNT_MESSAGES.SMS_BUDGET_SPENT);
    // A registered mobile meets the same budget (no oracle there either).
    const knownSpent = await requestSms('13700000001');
    expect(knownSpent.json().error_message).toBe(ACCOUNT_MESSAGES.SMS_BUDGET_SPENT);
    expect(outboxLines(outbox).filter((l) => l.mobile === '13200000001')).toEqual([]);
  });
});
