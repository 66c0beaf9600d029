/// <reference path="./oidc-provider.d.ts" />
// The embedded OpenID provider (oidc-provider), mounted at /oidc on the app's own origin. It is off
// when OIDC_ISSUER names an external SSO. oidc-provider is a Koa app: Fastify hands it the raw
// request (body unread, URL without the mount path) and steps aside.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider from 'oidc-provider';
import type { AppContext } from '../app';
import { loadSigningKey } from '../auth/keys';
import { purgeExpiredPayloads } from './adapter';
import { MOUNT_PATH, providerConfiguration } from './configuration';
import { registerInteractions } from './interactions';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits, purgeOldFailures } from './loginLimit';
import { loadCookieKeys } from './secrets';

const PURGE_EVERY_MS = 60 * 60 * 1000;

export type IdentityProviderOptions = { loginLimits?: LoginLimits };

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
  const [signingKey, cookieKeys] = await Promise.all([loadSigningKey(db), loadCookieKeys(db)]);
  const provider = new Provider(
    context.issuer,
    providerConfiguration({ config, db, signingKey, cookieKeys }),
  );
  // Behind a TLS-terminating proxy the provider reads X-Forwarded-Proto/-For, believing only as
  // many hops as TRUST_PROXY names (Koa's maxIpsCount), like Fastify's request.ip.
  const trust = context.config.trustProxy;
  provider.proxy = trust !== false;
  // Koa knows no address lists: behind listed proxies it reads the entry the nearest one wrote.
  if (trust !== false) provider.maxIpsCount = typeof trust === 'number' ? trust : 1;
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
    scope.all(MOUNT_PATH, { config: { auth: 'public' } }, handOver);
    scope.all(`${MOUNT_PATH}/*`, { config: { auth: 'public' } }, handOver);
  });
  registerInteractions(app, { provider, db, config, limits });

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
