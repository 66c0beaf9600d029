// OIDC_ISSUER set: the embedded provider is off and the API accepts tokens of that external SSO,
// verified against its published JWKS, finding the account by `preferred_username`.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, contacts } from '../../server/db/schema/index';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import { startTestServer, type TestServer } from '../support/app';
import { createAccount } from '../support/tokens';

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
          audience: 'purchasing-web',
          jwksUrl: undefined,
          accessTokenTtl: 60,
          refreshTokenTtl: 300,
        },
      },
    });
    const db = server.db.database.db;
    const [company] = await db.insert(companies).values({ name: '外部登录公司' }).returning();
    const accountId = await createAccount(db, { username: 'Li.Na', password: 'x', name: '李娜' });
    await db.insert(contacts).values({ companyId: company?.id ?? 0, accountId, name: '李娜' });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => realm.close(resolve));
  });

  const tokenOf = (claims: {
    username?: string;
    audience?: string;
    forged?: boolean;
    exp?: number;
  }) =>
    new SignJWT({ preferred_username: claims.username ?? 'li.na' })
      .setProtectedHeader({ alg: 'RS256', kid: 'realm-key' })
      .setIssuer(issuer)
      .setAudience(claims.audience ?? 'purchasing-web')
      .setSubject('f3b1c2d4-keycloak-user')
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 300)
      .sign(claims.forged ? otherKey : privateKey);
  const user = async (token: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/v7/user',
      headers: { authorization: `Bearer ${token}` },
    });

  it('accepts a realm token and finds the account by preferred_username, case-insensitively', async () => {
    const res = await user(await tokenOf({}));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('李娜');
  });

  it.each([
    ['another audience', { audience: 'account' }],
    ['a key the realm never published', { forged: true }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 60 }],
    ['an unknown user', { username: 'nobody' }],
  ])('refuses %s with the spec 401', async (_what, claims) => {
    const res = await user(await tokenOf(claims));
    expect(res.statusCode).toBe(401);
    expect(res.json().error_message).toBe(COMMON_MESSAGES.SESSION_EXPIRED);
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
