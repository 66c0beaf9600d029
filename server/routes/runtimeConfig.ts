// GET /config.json: the runtime settings the app reads at start (DESIGN §3 Environments), so one
// build of the app serves every environment. It names the identity provider the app signs in with:
// the embedded one at /oidc, or the external SSO when OIDC_ISSUER is set. The shape is declared in
// src/domain/config, where the app validates what it reads against it.
import type { FastifyInstance } from 'fastify';
import type { RuntimeConfig } from '../../src/domain/config/runtimeConfig';
import type { AppContext } from '../context';

export const APP_SCOPE = 'openid profile offline_access';

export function runtimeConfig(context: AppContext): RuntimeConfig {
  return {
    gateway: '',
    websocket: '/ws',
    publicWebsite: 'https://www.example.com',
    auth: { authority: context.issuer, clientId: context.config.oidc.clientId, scope: APP_SCOPE },
    searchHost: '',
  };
}

export function registerRuntimeConfig(app: FastifyInstance, context: AppContext): void {
  const body = runtimeConfig(context);
  app.get('/config.json', { config: { auth: 'public' } }, async (_request, reply) => {
    // Always revalidated: a changed deployment must reach installed apps on their next start.
    reply.header('cache-control', 'no-cache');
    return body;
  });
}
