// A password change ends every other sign-in of the account (security review M4): the other
// device's access token is refused at once, its refresh token and its provider session are gone,
// while the device the change was made from stays signed in.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../../server/db/schema/index';
import { LIVE_PATH } from '../../../server/live/socket';
import { CLOSE_UNAUTHORIZED } from '../../../src/contract/live';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { LiveClient } from '../../support/live';
import { callbackParams, OidcBrowser, type OidcClient } from '../../support/oidcBrowser';
import { createAccount } from '../../support/tokens';
import { lastSms, newOutboxFile } from './accountHarness';

const OLD_PASSWORD = 'Demo@2026';
const NEW_PASSWORD = 'Neu@2026pw';
const MOBILE = '13900000077';

describe.each(drivers)('a password change on %s', (driver) => {
  let server: TestServer;
  let client: OidcClient;
  let outbox: string;
  let accountId: number;

  const browser = (ip: string) => new OidcBrowser(server.app, server.config.publicUrl, client, ip);
  const signedIn = async (b: OidcBrowser, password = OLD_PASSWORD) => {
    const { code, verifier } = await b.signIn('mover', password);
    return (await b.exchange(code, verifier)).json;
  };
  const api = (token: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    outbox = newOutboxFile();
    server = await startTestServer(driver, { config: { smsOutboxFile: outbox } });
    client = {
      clientId: server.config.oidc.clientId,
      redirectUri: `${server.config.publicUrl}/auth/callback`,
    };
    accountId = await createAccount(server.db.database, {
      username: 'mover',
      password: OLD_PASSWORD,
      name: '换密码',
    });
    await server.db.database.db
      .update(accounts)
      .set({ mobile: MOBILE })
      .where(eq(accounts.id, accountId));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses the other device’s tokens and session, and keeps the changer signed in', async () => {
    const here = browser('10.5.0.1');
    const there = browser('10.5.0.2');
    const mine = await signedIn(here);
    const theirs = await signedIn(there);
    expect((await api(theirs.access_token, 'GET', '/api/v7/user')).statusCode).toBe(200);
    // Both devices hold the live channel open.
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const wsUrl = `${address.replace('http', 'ws')}${LIVE_PATH}`;
    const [mySocket, theirSocket] = await Promise.all([
      LiveClient.open(wsUrl),
      LiveClient.open(wsUrl),
    ]);
    expect((await mySocket.connect(mine.access_token, accountId)).type).toBe('connected');
    expect((await theirSocket.connect(theirs.access_token, accountId)).type).toBe('connected');
    // Tokens carry whole seconds: the change happens in a later second than their issue.
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const sent = await api(mine.access_token, 'GET', `/api/v7/sms/verify_code?mobile=${MOBILE}`);
    expect(sent.statusCode).toBe(200);
    const code = lastSms(outbox, MOBILE, 'PASSWORD')?.code ?? '';
    const changed = await api(
      mine.access_token,
      'PUT',
      `/partners-api/v7/users/${accountId}/passwords`,
      {
        verify_code: code,
        new_password: NEW_PASSWORD,
      },
    );
    expect(changed.statusCode).toBe(200);

    // The other device: its socket closes now, not when its token expires; its access token
    // dies at once, its refresh token and session are gone.
    expect((await theirSocket.closed).code).toBe(CLOSE_UNAUTHORIZED);
    expect((await api(theirs.access_token, 'GET', '/api/v7/user')).statusCode).toBe(401);
    const refused = await there.refresh(theirs.refresh_token);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe('invalid_grant');
    const { page } = await there.authorize();
    expect(page.body).toContain('name="password"');

    // The changer's device: still signed in (its socket too), its refresh token still works.
    expect((await mySocket.request({ type: 'ping' }, (f) => f.type === 'pong')).type).toBe('pong');
    mySocket.close();
    expect((await api(mine.access_token, 'GET', '/api/v7/user')).statusCode).toBe(200);
    const renewed = await here.refresh(mine.refresh_token);
    expect(renewed.status).toBe(200);
    expect((await api(renewed.json.access_token, 'GET', '/api/v7/user')).statusCode).toBe(200);
    const silent = await here.authorize();
    expect(callbackParams(silent.page, client).get('code')).toEqual(expect.any(String));

    // A new sign-in takes the new password only.
    const other = browser('10.5.0.3');
    const { page: form } = await other.authorize();
    expect((await other.submitLogin(form, 'mover', OLD_PASSWORD)).status).toBe(401);
    const fresh = await signedIn(browser('10.5.0.4'), NEW_PASSWORD);
    expect((await api(fresh.access_token, 'GET', '/api/v7/user')).statusCode).toBe(200);
  }, 60_000);
});
