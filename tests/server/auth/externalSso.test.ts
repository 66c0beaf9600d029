// OIDC_ISSUER set: the embedded provider is off and the API accepts access tokens of that external
// SSO, verified against its published JWKS, for our API audience and client (security review
// M8); the account is bound to the token's `sub` at the first match by `preferred_username`.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_AUDIENCE } from '../../../server/auth/verifier';
import { accounts, companies, contacts } from '../../../server/db/schema/index';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { startTestServer, type TestServer } from '../../support/app';
import { createAccount } from '../../support/tokens';

describe('an external SSO (a Keycloak realm, say)', () => {
  let realm: Server;
  let issuer: string;
  let privateKey: CryptoKey;
  let otherKey: CryptoKey;
  let server: TestServer;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const jwk: JWK = {
      ...(await exportJWK(pair.publicKey)),
      kid: 'realm-key',
      alg: 'RS256',
      use: 'sig',
    };
    realm = createServer((request, response) => {
      if (request.url?.endsWith('/protocol/openid-connect/certs')) {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ keys: [jwk] }));
      } else {
        response.statusCode = 404;
        response.end();
      }
    });
    await new Promise<void>((resolve) => realm.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(realm.address() as AddressInfo).port}/realms/buyers`;
    server = await startTestServer('pglite', {
      config: {
        oidc: {
          externalIssuer: issuer,
          clientId: 'purchasing-web',
          audience: undefined,
          jwksUrl: undefined,
          keysFile: undefined,
          accessTokenTtl: 60,
          refreshTokenTtl: 300,
        },
      },
    });
    const db = server.db.database.db;
    const [company] = await db.insert(companies).values({ name: '外部登录公司' }).returning();
    const accountId = await createAccount(db, { username: 'Li.Na', password: 'x', name: '李娜' });
    await db.insert(contacts).values({ companyId: company?.id ?? 0, accountId, name: '李娜' });
    const wangId = await createAccount(db, { username: 'wang', password: 'x', name: '王芳' });
    await db
      .insert(contacts)
      .values({ companyId: company?.id ?? 0, accountId: wangId, name: '王芳' });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => realm.close(resolve));
  });

  const SUBJECT = 'f3b1c2d4-keycloak-user';
  // A Keycloak access token: typ 'Bearer', azp the app's client, our API audience.
  const tokenOf = (claims: {
    username?: string;
    subject?: string;
    audience?: string;
    forged?: boolean;
    exp?: number;
    typ?: string | null;
    headerTyp?: string;
    azp?: string;
  }) =>
    new SignJWT({
      preferred_username: claims.username ?? 'li.na',
      azp: claims.azp ?? 'purchasing-web',
      ...(claims.typ === null ? {} : { typ: claims.typ ?? 'Bearer' }),
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'realm-key', typ: claims.headerTyp ?? 'JWT' })
      .setIssuer(issuer)
      .setAudience(claims.audience ?? API_AUDIENCE)
      .setSubject(claims.subject ?? SUBJECT)
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 300)
      .sign(claims.forged ? otherKey : privateKey);
  const user = async (token: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/v7/user',
      headers: { authorization: `Bearer ${token}` },
    });

  it('accepts a realm access token, finds the account by preferred_username and binds it to sub', async () => {
    const res = await user(await tokenOf({}));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('李娜');
    const [row] = await server.db.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.username, 'Li.Na'));
    expect(row).toMatchObject({ externalIssuer: issuer, externalSubject: SUBJECT });
  });

  it('after binding, finds the account by sub only', async () => {
    // Renamed in the realm: still the same account.
    const renamed = await user(await tokenOf({ username: 'lina.renamed' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.name).toBe('李娜');
    // Another realm user renamed (or created) as li.na: the bound account is not theirs.
    const impostor = await user(await tokenOf({ username: 'li.na', subject: 'another-user' }));
    expect(impostor.statusCode).toBe(401);
    // The bound subject with another account's name is still 李娜, never 王芳.
    const crossed = await user(await tokenOf({ username: 'wang' }));
    expect(crossed.json().data.name).toBe('李娜');
    // 王芳's own first sign-in binds her account to her subject.
    const wang = await user(await tokenOf({ username: 'wang', subject: 'wang-subject' }));
    expect(wang.json().data.name).toBe('王芳');
  });

  it.each([
    ['another audience', { audience: 'account' }],
    ['the client id as audience (what ID tokens carry)', { audience: 'purchasing-web' }],
    ['an ID token', { typ: 'ID' }],
    ['a token without typ claim or at+jwt header', { typ: null }],
    ['a token of another client of the realm', { azp: 'admin-console' }],
    ['a key the realm never published', { forged: true }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60 }],
    ['an unknown user', { username: 'nobody', subject: 'nobody-subject' }],
  ])('refuses %s with the spec 401', async (_what, claims) => {
    const res = await user(await tokenOf(claims));
    expect(res.statusCode).toBe(401);
    expect(res.json().error_message).toBe(COMMON_MESSAGES.SESSION_EXPIRED);
  });

  it('accepts an RFC 9068 access token (typ at+jwt in the header)', async () => {
    const res = await user(await tokenOf({ typ: null, headerTyp: 'at+jwt' }));
    expect(res.statusCode).toBe(200);
  });

  it('refuses a token signed with an algorithm outside the allowed list', async () => {
    const token = await new SignJWT({ preferred_username: 'li.na', typ: 'Bearer' })
      .setProtectedHeader({ alg: 'HS256', kid: 'realm-key' })
      .setIssuer(issuer)
      .setAudience(API_AUDIENCE)
      .setSubject(SUBJECT)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + 300)
      .sign(new TextEncoder().encode('a shared secret anyone could guess'));
    expect((await user(token)).statusCode).toBe(401);
  });

  it('points the app at the realm and does not mount the embedded provider', async () => {
    const config = await server.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.json().auth).toMatchObject({ authority: issuer, clientId: 'purchasing-web' });
    const oidc = await server.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    });
    expect(oidc.statusCode).toBe(404);
  });
});
