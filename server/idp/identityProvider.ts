/// <reference path="./oidc-provider.d.ts" />
// The embedded OpenID provider (oidc-provider), mounted at /oidc on the app's own origin. It is off
// when OIDC_ISSUER names an external SSO. oidc-provider is a Koa app: Fastify hands it the raw
// request (body unread, URL without the mount path) and steps aside.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider from 'oidc-provider';
import type { AppContext } from '../context';
import { addressKey } from '../http/clientAddress';
import { purgeExpiredPayloads } from './adapter';
import { MOUNT_PATH, providerConfiguration } from './configuration';
import { departedRefusal } from './departedRefusal';
import { providerEndpoint } from './endpointPath';
import { registerInteractions } from './interactions';
import { loadProviderKeys } from './keysFile';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits, purgeOldFailures } from './loginLimit';
import { IDP_MESSAGES, LOGOUT_SCRIPT, LOGOUT_SCRIPT_PATH, messagePage } from './pages';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Unauthenticated provider calls per client address and minute (security review L7): each
 * /oidc/auth stores an interaction row, each /oidc/token costs a signature. A person signs in a
 * few times an hour and the app refreshes every few minutes, so these leave room for a whole
 * office behind one address, not for a script.
 */
export const OIDC_RATE_LIMITS = { auth: 60, token: 120 } as const;

export type IdentityProviderOptions = { loginLimits?: LoginLimits };

class RateLimited extends Error {
  readonly statusCode = 429;
}

/** Mounts the provider and its sign-in pages; resolves to it, or to null when an external SSO is used. */
export async function registerIdentityProvider(
  app: FastifyInstance,
  context: AppContext,
  options: IdentityProviderOptions = {},
): Promise<Provider | null> {
  const { config, database } = context;
  if (config.oidc.externalIssuer) return null;
  const db = database.db;
  const limits = options.loginLimits ?? DEFAULT_LOGIN_LIMITS;
  const keys = await loadProviderKeys(db, config.oidc.keysFile);
  const provider = new Provider(
    context.issuer,
    providerConfiguration({ config, db, signingKeys: keys.signing, cookieKeys: keys.cookies }),
  );
  // Behind a TLS-terminating proxy the provider reads X-Forwarded-Proto/-For, believing only as
  // many hops as TRUST_PROXY names (Koa's maxIpsCount), like Fastify's request.ip.
  const trust = context.config.trustProxy;
  provider.proxy = trust !== false;
  // Koa knows no address lists: behind listed proxies it reads the entry the nearest one wrote.
  if (trust !== false) provider.maxIpsCount = typeof trust === 'number' ? trust : 1;
  // A refused refresh of a departed account says so (M5): the app then clears its data.
  provider.use(departedRefusal(db));
  provider.on('server_error', (_ctx, error) =>
    app.log.error({ err: error }, 'identity provider error'),
  );

  const callback = provider.callback();
  const handOver = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    reply.hijack();
    const raw = request.raw;
    const original = raw.url ?? MOUNT_PATH;
    const rest = original.slice(MOUNT_PATH.length);
    // oidc-provider finds its mount path by comparing originalUrl with url (as under Express).
    Object.assign(raw, { originalUrl: original });
    raw.url = rest.startsWith('/') ? rest : `/${rest}`;
    try {
      await callback(raw, reply.raw);
    } finally {
      raw.url = original;
    }
  };

  app.register(async (scope) => {
    // Leave every body unread: the provider parses its own (forms and JSON) from the raw stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    await scope.register(rateLimit, {
      global: false,
      errorResponseBuilder: () => new RateLimited('too many requests'),
    });
    // The budget is chosen from the path as the provider's router reads it (case and trailing
    // slashes ignored): Fastify matches /oidc/Token and /oidc/token/ as other routes, so limits
    // bound to routes would let those spellings through (security review follow-up #1).
    const perMinute = (endpoint: 'auth' | 'token') =>
      scope.rateLimit({
        max: OIDC_RATE_LIMITS[endpoint],
        timeWindow: 60_000,
        keyGenerator: (request) => `oidc-${endpoint}:${addressKey(request.ip)}`,
      });
    const limiters = { auth: perMinute('auth'), token: perMinute('token') };
    scope.addHook('onRequest', async (request, reply) => {
      const endpoint = providerEndpoint(request.url);
      if (endpoint === 'auth' || endpoint === 'token') {
        await limiters[endpoint].call(scope, request, reply);
      }
    });
    // Over the limit: the token endpoint answers like OAuth (JSON with `error`, which the app takes
    // as a passing failure, not a refusal of its session), the browser pages a Chinese page; both
    // with Retry-After.
    scope.setErrorHandler((error, request, reply) => {
      if (!(error instanceof RateLimited)) throw error;
      reply.status(429).header('cache-control', 'no-store');
      if (providerEndpoint(request.url) === 'token') {
        return reply.send({ error: 'too_many_requests', error_description: IDP_MESSAGES.BUSY });
      }
      const page = messagePage({
        title: IDP_MESSAGES.LOGIN_TITLE,
        message: IDP_MESSAGES.BUSY,
        backUrl: `${config.publicUrl}/`,
      });
      return reply.type('text/html; charset=utf-8').send(page);
    });
    scope.all(MOUNT_PATH, { config: { auth: 'public' } }, handOver);
    scope.all(`${MOUNT_PATH}/*`, { config: { auth: 'public' } }, handOver);
  });
  registerInteractions(app, { provider, db, config, limits });
  app.get(LOGOUT_SCRIPT_PATH, { config: { auth: 'public' } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(LOGOUT_SCRIPT),
  );

  // Expired sessions, codes and tokens and old failed sign-ins are never read again: drop them.
  const timer = setInterval(() => {
    Promise.all([purgeExpiredPayloads(db), purgeOldFailures(db, limits)]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'identity provider purge failed'),
    );
  }, PURGE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  return provider;
}
