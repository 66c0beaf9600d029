// `npm start` / `npm run server`: open the database, migrate, serve the API and the built app.
import { createServer } from 'node:net';
import { buildApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/database';

/** PORT=0 means "any free port"; the issuer URL must name the real one, so pick it up front. */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function resolvePort(config: ServerConfig): Promise<ServerConfig> {
  if (config.port !== 0) return config;
  const port = await freePort(config.host);
  const publicUrl = process.env.PUBLIC_URL
    ? config.publicUrl
    : config.publicUrl.replace(/:0$/, `:${port}`);
  return { ...config, port, publicUrl };
}

async function main(): Promise<void> {
  const config = await resolvePort(loadConfig(process.env));
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      console.error(`Port ${config.port} is already in use: set PORT to another port.`);
    } else {
      console.error(error);
    }
    await database.close();
    process.exit(1);
  }
  const where =
    database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.info(`Purchasing app ready at ${config.publicUrl}/  (database: ${where})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
