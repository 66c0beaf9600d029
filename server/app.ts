// Builds the reference server as a Fastify instance without listening, so tests run it in-process.
import Fastify, { type FastifyInstance } from 'fastify';
import { loadSigningKey } from './auth/keys';
import { registerSession } from './auth/session';
import type { TokenVerifier } from './auth/tokens';
import { API_AUDIENCE, embeddedVerifier, externalVerifier } from './auth/verifier';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { registerAppFiles } from './http/app-files';
import { registerErrorHandling } from './http/errors';
import { registerHealth } from './routes/health';
import { registerSync } from './routes/sync';

export type AppDeps = {
  config: ServerConfig;
  database: Database;
};

export type AppContext = AppDeps & {
  verifier: TokenVerifier;
  /** The issuer of the tokens the API accepts. */
  issuer: string;
};

export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // 20 MB files plus multipart overhead; larger bodies get the spec's 413 message.
    bodyLimit: 21 * 1024 * 1024,
  });
  const external = config.oidc.externalIssuer;
  const issuer = external ?? `${config.publicUrl}/oidc`;
  const verifier = external
    ? externalVerifier({
        issuer: external,
        audience: config.oidc.audience ?? config.oidc.clientId,
        jwksUrl: config.oidc.jwksUrl,
      })
    : embeddedVerifier(issuer, await loadSigningKey(database.db));
  const context: AppContext = { config, database, verifier, issuer };

  registerErrorHandling(app);
  registerSession(app, database.db, verifier);
  registerHealth(app, database);
  registerSync(app, context);
  await registerAppFiles(app, config.appDir);
  return app;
}

export { API_AUDIENCE };
