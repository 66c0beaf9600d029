// A handed-over employee can no longer sign in as that company, checked at the
// provider: an account whose every employee record left is refused on the sign-in page with the
// reason in Chinese and its refresh tokens stop working; an account still on duty elsewhere, or
// bound to no company at all, signs in as before.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, contacts } from '../../../server/db/schema/index';
import { STAFF_RULE_MESSAGES } from '../../../src/domain/staff/staffText';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { OidcBrowser, type OidcClient } from '../../support/oidcBrowser';
import { createAccount } from '../../support/tokens';

const PASSWORD = 'Demo@2026';

describe.each(drivers)('sign-in of departed employees on %s', (driver) => {
  let server: TestServer;
  let client: OidcClient;
  let addresses = 0;
  const browser = () =>
    new OidcBrowser(server.app, server.config.publicUrl, client, `10.9.0.${++addresses}`);
  let companyA = 0;
  let companyB = 0;

  const employ = async (accountId: number, companyId: number, status: 'IN_SERVICE' | 'DEPART') => {
    const [row] = await server.db.database.db
      .insert(contacts)
      .values({ companyId, accountId, name: `员工${accountId}`, status })
      .returning({ id: contacts.id });
    return row?.id ?? 0;
  };

  beforeAll(async () => {
    server = await startTestServer(driver);
    client = {
      clientId: server.config.oidc.clientId,
      redirectUri: `${server.config.publicUrl}/auth/callback`,
    };
    const db = server.db.database.db;
    const [a] = await db.insert(companies).values({ name: '甲公司' }).returning();
    const [b] = await db.insert(companies).values({ name: '乙公司' }).returning();
    companyA = a?.id ?? 0;
    companyB = b?.id ?? 0;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses an account whose only employee record was handed over, saying why', async () => {
    const id = await createAccount(server.db.database, {
      username: 'leaver',
      password: PASSWORD,
      name: '赵立',
    });
    await employ(id, companyA, 'DEPART');
    const b = browser();
    const { page } = await b.authorize();
    const res = await b.submitLogin(page, 'leaver', PASSWORD);
    expect(res.status).toBe(403);
    expect(res.location).toBeUndefined();
    expect(res.body).toContain(STAFF_RULE_MESSAGES.SIGN_IN_DEPARTED);
    // The wrong password still hears only the usual message (nothing is revealed).
    const wrong = await b.submitLogin(page, 'leaver', 'wrong');
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain(STAFF_RULE_MESSAGES.SIGN_IN_DEPARTED);
  });

  it('signs in an account that left one company but is on duty in another', async () => {
    const id = await createAccount(server.db.database, {
      username: 'twojobs',
      password: PASSWORD,
      name: '钱两家',
    });
    await employ(id, companyA, 'DEPART');
    await employ(id, companyB, 'IN_SERVICE');
    const { code } = await browser().signIn('twojobs', PASSWORD);
    expect(code).not.toBe('');
  });

  it('signs in an account bound to no company (the app then shows the spec’s message)', async () => {
    await createAccount(server.db.database, {
      username: 'nobody',
      password: PASSWORD,
      name: '孙无司',
    });
    const { code } = await browser().signIn('nobody', PASSWORD);
    expect(code).not.toBe('');
  });

  it('stops renewing the session of an employee handed over after signing in', async () => {
    const id = await createAccount(server.db.database, {
      username: 'soon',
      password: PASSWORD,
      name: '李将走',
    });
    const contactId = await employ(id, companyA, 'IN_SERVICE');
    const b = browser();
    const { code, verifier } = await b.signIn('soon', PASSWORD);
    const tokens = (await b.exchange(code, verifier)).json;
    expect(tokens.refresh_token).toEqual(expect.any(String));
    await server.db.database.db
      .update(contacts)
      .set({ status: 'DEPART' })
      .where(eq(contacts.id, contactId));
    const refreshed = await b.refresh(tokens.refresh_token);
    expect(refreshed.status).toBe(400);
    expect(refreshed.json.error).toBe('invalid_grant');
  });
});
