// Builds the reference server as a Fastify instance without listening, so tests run it in-process.
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { registerAppFiles } from './http/app-files';
import { registerErrorHandling } from './http/errors';
import { registerHealth } from './routes/health';

export type AppDeps = {
  config: Pick<ServerConfig, 'appDir' | 'logLevel'>;
  database: Database;
};

export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // 20 MB files plus multipart overhead; larger bodies get the spec's 413 message.
    bodyLimit: 21 * 1024 * 1024,
  });
  registerErrorHandling(app);
  registerHealth(app, database);
  await registerAppFiles(app, config.appDir);
  return app;
}
