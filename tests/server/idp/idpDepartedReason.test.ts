// A refused refresh says why when the account left every company (security review M5): the app
// clears its data on `error_description: departed` instead of staying readable as "expired". Any
// other refusal (an unknown or reused token) says nothing of the kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, contacts } from '../../../server/db/schema/index';
import { DEPARTED } from '../../../server/idp/departedRefusal';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { OidcBrowser, type OidcClient } from '../../support/oidcBrowser';
import { createAccount } from '../../support/tokens';

const PASSWORD = 'Demo@2026';

describe.each(drivers)('the reason of a refused refresh on %s', (driver) => {
  let server: TestServer;
  let client: OidcClient;
  let companyId = 0;
  let seq = 0;

  /** A signed-in employee of the company: the browser, the tokens and the employee record. */
  const signedIn = async () => {
    seq += 1;
    const id = await createAccount(server.db.database, {
      username: `reason${seq}`,
      password: PASSWORD,
      name: `员工${seq}`,
    });
    const [row] = await server.db.database.db
      .insert(contacts)
      .values({ companyId, accountId: id, name: `员工${seq}` })
      .returning({ id: contacts.id });
    const b = new OidcBrowser(server.app, server.config.publicUrl, client, `10.8.0.${seq}`);
    const { code, verifier } = await b.signIn(`reason${seq}`, PASSWORD);
    const tokens = (await b.exchange(code, verifier)).json;
    return { b, refreshToken: String(tokens.refresh_token), contactId: row?.id ?? 0 };
  };

  beforeAll(async () => {
    server = await startTestServer(driver);
    client = {
      clientId: server.config.oidc.clientId,
      redirectUri: `${server.config.publicUrl}/auth/callback`,
    };
    const [company] = await server.db.database.db
      .insert(companies)
      .values({ name: '甲公司' })
      .returning();
    companyId = company?.id ?? 0;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers invalid_grant with error_description departed once the account left every company', async () => {
    const { b, refreshToken, contactId } = await signedIn();
    await server.db.database.db
      .update(contacts)
      .set({ status: 'DEPART' })
      .where(eq(contacts.id, contactId));
    const refused = await b.refresh(refreshToken);
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ error: 'invalid_grant', error_description: DEPARTED });
  });

  it('says nothing of the kind for an unknown or a reused refresh token', async () => {
    const { b, refreshToken } = await signedIn();
    const unknown = await b.refresh('not-a-token');
    expect(unknown.json.error).toBe('invalid_grant');
    expect(unknown.json).not.toMatchObject({ error_description: DEPARTED });
    expect((await b.refresh(refreshToken)).status).toBe(200);
    const reused = await b.refresh(refreshToken);
    expect(reused.json.error).toBe('invalid_grant');
    expect(reused.json).not.toMatchObject({ error_description: DEPARTED });
  });
});
