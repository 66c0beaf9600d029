// The provider's interaction pages: our own Chinese sign-in form, and a silent consent for the
// app (a first-party client, so the user is never asked to approve it). CSRF: the interaction id
// travels in a signed, path-scoped cookie the provider checks, and the form posts to that path.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type InteractionDetails, type Provider } from 'oidc-provider';
import { STAFF_RULE_MESSAGES } from '../../src/domain/staff/staffText';
import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { checkCredentials } from './accounts';
import { MOUNT_PATH } from './configuration';
import { InFlightChecks, type LoginLimits } from './loginLimit';
import { IDP_MESSAGES, loginPage, messagePage } from './pages';

export type InteractionDeps = {
  provider: Provider;
  db: Db;
  config: ServerConfig;
  limits: LoginLimits;
};

const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  // No form-action: browsers apply it to the redirect after the post, which goes to the app's
  // callback (another origin under the Vite dev server).
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
};

const uidParams = {
  type: 'object',
  required: ['uid'],
  properties: { uid: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } },
} as const;

const loginBody = {
  type: 'object',
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', maxLength: 100 },
    password: { type: 'string', maxLength: 200 },
  },
} as const;

type UidParams = { uid: string };
type LoginBody = { username: string; password: string };

export function registerInteractions(app: FastifyInstance, deps: InteractionDeps): void {
  const { provider, db, config, limits } = deps;
  const pageUrl = (uid: string) => `${MOUNT_PATH}/interaction/${uid}`;
  const inFlight = new InFlightChecks();

  app.register(async (scope) => {
    // The sign-in form posts urlencoded fields; nothing else is accepted here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );

    scope.get<{ Params: UidParams }>(
      `${MOUNT_PATH}/interaction/:uid`,
      { config: { auth: 'public' }, schema: { params: uidParams } },
      async (request, reply) => {
        const details = await loadInteraction(request, reply);
        if (!details) return reply;
        if (details.prompt.name === 'login') {
          const hint = details.params.login_hint;
          const username = typeof hint === 'string' ? hint.slice(0, 100) : '';
          return sendPage(
            reply,
            200,
            loginPage({ action: `${pageUrl(details.uid)}/login`, username }),
          );
        }
        if (
          details.prompt.name === 'consent' &&
          details.params.client_id === config.oidc.clientId
        ) {
          const grantId = await grantConsent(provider, details);
          return finish(request, reply, { consent: { grantId } });
        }
        return finish(request, reply, {
          error: 'access_denied',
          error_description: `unsupported interaction ${details.prompt.name}`,
        });
      },
    );

    scope.post<{ Params: UidParams; Body: LoginBody }>(
      `${MOUNT_PATH}/interaction/:uid/login`,
      { config: { auth: 'public' }, schema: { params: uidParams, body: loginBody } },
      async (request, reply) => {
        const details = await loadInteraction(request, reply);
        if (!details) return reply;
        // A stale tab posting after the login step is done: show whatever step is current.
        if (details.prompt.name !== 'login') return reply.redirect(pageUrl(details.uid), 303);

        const { username, password } = request.body;
        const form = (status: number, error: string) =>
          sendPage(
            reply,
            status,
            loginPage({ action: `${pageUrl(details.uid)}/login`, username, error }),
          );
        if (!username.trim() || !password) return form(400, IDP_MESSAGES.MISSING_CREDENTIALS);

        const result = await checkCredentials(
          db,
          limits,
          { username, password, ip: request.ip },
          inFlight,
        );
        if (result.ok) return finish(request, reply, { login: { accountId: result.accountId } });
        if (result.reason === 'locked' || result.reason === 'busy') {
          reply.header('retry-after', String(result.retryAfterSeconds));
          const message =
            result.reason === 'busy'
              ? IDP_MESSAGES.BUSY
              : IDP_MESSAGES.locked(Math.ceil(result.retryAfterSeconds / 60));
          return form(429, message);
        }
        if (result.reason === 'disabled') return form(403, IDP_MESSAGES.ACCOUNT_DISABLED);
        if (result.reason === 'departed') return form(403, STAFF_RULE_MESSAGES.SIGN_IN_DEPARTED);
        return form(401, IDP_MESSAGES.INVALID_CREDENTIALS);
      },
    );
  });

  /** The interaction named by the URL and proven by its cookie, or null after sending the expired page. */
  async function loadInteraction(
    request: FastifyRequest<{ Params: UidParams }>,
    reply: FastifyReply,
  ): Promise<InteractionDetails | null> {
    let details: InteractionDetails | null = null;
    try {
      details = await provider.interactionDetails(request.raw, reply.raw);
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
    }
    if (details && details.uid === request.params.uid) return details;
    sendPage(
      reply,
      400,
      messagePage({
        title: IDP_MESSAGES.LOGIN_TITLE,
        message: IDP_MESSAGES.INTERACTION_EXPIRED,
        backUrl: `${config.publicUrl}/`,
      }),
    );
    return null;
  }

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    result: Parameters<Provider['interactionResult']>[2],
  ): Promise<FastifyReply> {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: true,
    });
    return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
  }
}

/** Grants the app everything it asked for (the scopes, claims and API access still missing). */
async function grantConsent(provider: Provider, details: InteractionDetails): Promise<string> {
  const accountId = details.session?.accountId;
  const clientId = details.params.client_id;
  if (!accountId || typeof clientId !== 'string')
    throw new Error('consent without a signed-in session');
  const existing = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
  const grant = existing ?? new provider.Grant({ accountId, clientId });
  const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
  if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
  if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(' '));
  }
  return grant.save();
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html);
}
