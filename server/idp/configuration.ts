// The embedded provider's configuration: one public client (the app) using authorization code +
// PKCE, refresh tokens for offline access, and JWT access tokens for the API (audience API_AUDIENCE)
// signed with the key the API's verifier trusts.
import type { JWK } from 'jose';
import type { Client, Configuration, KoaContextWithOIDC, ResourceServer } from 'oidc-provider';
import { errors } from 'oidc-provider';
import { SIGNING_ALG } from '../auth/keys';
import { API_AUDIENCE } from '../auth/verifier';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { findAccount } from './accounts';
import { createAdapterFactory } from './adapter';
import { IDP_MESSAGES, logoutPage, messagePage } from './pages';

/** Where the provider is mounted; the issuer is `${publicUrl}${MOUNT_PATH}`. */
export const MOUNT_PATH = '/oidc';
export const CLIENT_SCOPE = 'openid profile offline_access';

export type ProviderInputs = {
  config: ServerConfig;
  db: Db;
  /** The first signs; all are published (a rotation keeps the old one until its tokens expire). */
  signingKeys: JWK[];
  cookieKeys: string[];
};

export function providerConfiguration({
  config,
  db,
  signingKeys,
  cookieKeys,
}: ProviderInputs): Configuration {
  const { publicUrl, oidc } = config;
  // The Vite dev server (npm run dev sets DEV_ORIGINS) signs in against this server's provider;
  // no other origin is trusted with codes or tokens.
  const origins = [publicUrl, ...config.devOrigins.filter((origin) => origin !== publicUrl)];
  const pagePolicy = providerPagePolicy(origins);
  const backUrl = `${publicUrl}/`;

  const resourceServer: ResourceServer = {
    scope: CLIENT_SCOPE,
    audience: API_AUDIENCE,
    accessTokenTTL: oidc.accessTokenTtl,
    accessTokenFormat: 'jwt',
    jwt: { sign: { alg: SIGNING_ALG } },
  };

  return {
    adapter: createAdapterFactory(db),
    clients: [
      {
        client_id: oidc.clientId,
        client_name: IDP_MESSAGES.APP_NAME,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: origins.map((origin) => `${origin}/auth/callback`),
        post_logout_redirect_uris: origins.map((origin) => `${origin}/`),
        id_token_signed_response_alg: SIGNING_ALG,
        scope: CLIENT_SCOPE,
      },
    ],
    // The token endpoint is called from the app's origin (another one under the Vite dev server).
    clientBasedCORS: (_ctx, origin) => origins.includes(origin),
    scopes: CLIENT_SCOPE.split(' '),
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    // Profile claims go into the ID token too: the access token is for the API only (it has an
    // audience), so the userinfo endpoint is off and the app reads the name from the ID token.
    conformIdTokenClaims: false,
    cookies: {
      keys: cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    jwks: { keys: signingKeys },
    features: {
      devInteractions: { enabled: false },
      // Bearer tokens only: the API does not check DPoP proofs.
      dPoP: { enabled: false },
      introspection: { enabled: false },
      // The app revokes its own refresh token on sign-out (it may have lost the /oidc session cookie).
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      userinfo: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          // A valid id_token_hint means the app itself sent the user here to sign out.
          const fromApp = ctx.oidc.entities.IdTokenHint !== undefined;
          html(ctx, pagePolicy, logoutPage(form, fromApp));
        },
        async postLogoutSuccessSource(ctx) {
          html(
            ctx,
            pagePolicy,
            messagePage({
              title: IDP_MESSAGES.LOGGED_OUT,
              message: IDP_MESSAGES.LOGGED_OUT_HINT,
              backUrl,
            }),
          );
        },
      },
      resourceIndicators: {
        enabled: true,
        // The app never names a resource: every access token is for this API.
        defaultResource: async () => API_AUDIENCE,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, indicator) {
          if (indicator !== API_AUDIENCE) throw new errors.InvalidTarget();
          return resourceServer;
        },
      },
    },
    findAccount: (_ctx, sub) => findAccount(db, sub),
    interactions: {
      url: async (_ctx, interaction) => `${MOUNT_PATH}/interaction/${interaction.uid}`,
    },
    // OpenID Connect drops offline_access unless the request also says prompt=consent; the app is
    // offline-first and first-party, so it gets a refresh token whether or not it asked that way.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Every token belongs to the sign-in session at /oidc (kept in the database, as long-lived as a
    // refresh token), so signing out there ends the app's refresh tokens too.
    expiresWithSession: async () => true,
    // The access token names its sign-in session (`sid`), so a password change made from it can
    // keep that one session and end every other (server/auth/signIns.ts, server/auth/session.ts).
    extraTokenClaims: async (_ctx, token) =>
      typeof token.sessionUid === 'string' ? { sid: token.sessionUid } : undefined,
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ??
        (ctx.oidc.client ? ctx.oidc.session?.grantIdFor(ctx.oidc.client.clientId) : undefined);
      if (!grantId) return undefined;
      const grant = await ctx.oidc.provider.Grant.find(grantId);
      // A grant about to end would cut short the refresh tokens issued from it: let the sign-in
      // consent again (silently) to a fresh one instead.
      if (!grant || grant.remainingTTL < oidc.refreshTokenTtl / 2) return undefined;
      return grant;
    },
    pkce: { required: () => true },
    async renderError(ctx, out) {
      html(
        ctx,
        pagePolicy,
        messagePage({
          title: IDP_MESSAGES.ERROR_TITLE,
          message: IDP_MESSAGES.ERROR_HINT,
          backUrl,
          code: out.error_description ? `${out.error}: ${out.error_description}` : out.error,
        }),
      );
    },
    rotateRefreshToken: true,
    ttl: {
      AccessToken: oidc.accessTokenTtl,
      IdToken: oidc.accessTokenTtl,
      AuthorizationCode: 60,
      Interaction: 60 * 60,
      Session: oidc.refreshTokenTtl,
      Grant: oidc.refreshTokenTtl,
      RefreshToken: (ctx, _token, client) => refreshTokenTtl(ctx, client, oidc.refreshTokenTtl),
    },
  };
}

// A rotated refresh token keeps its predecessor's end (the lifetime is absolute from sign-in), and
// none outlives the grant it belongs to.
function refreshTokenTtl(ctx: KoaContextWithOIDC, client: Client, configured: number): number {
  const rotated = ctx.oidc.entities.RotatedRefreshToken;
  const grant = ctx.oidc.entities.Grant;
  let ttl = configured;
  if (rotated && client.clientAuthMethod === 'none') ttl = Math.min(ttl, rotated.remainingTTL);
  if (grant?.exp !== undefined) ttl = Math.min(ttl, grant.remainingTTL);
  return Math.max(1, ttl);
}

/**
 * The CSP of the provider's own pages (sign-out, signed out, errors): no inline script (the
 * sign-out page's auto-submit is a file, LOGOUT_SCRIPT_PATH), their inline styles, and forms that
 * post here and redirect to the app's origins.
 */
export function providerPagePolicy(origins: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    ['form-action', "'self'", ...origins].join(' '),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

function html(ctx: KoaContextWithOIDC, policy: string, body: string): void {
  ctx.set('content-security-policy', policy);
  ctx.type = 'html';
  ctx.body = body;
}
