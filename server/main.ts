// `npm start` / `npm run server`: open the database, migrate, serve the API and the built app.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { buildApp } from './app';
import { loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/database';
import { dataDirBusyMessage, dataDirStatus } from './db/dataDirGuard';
import { DEFAULT_DEMO_SEED, DEMO_PASSWORD, demoAccountLines, seedDemoData } from './demo/seed/demo';
import { accountsWithDemoPassword, demoPasswordRefusal } from './demo/seed/demoGuard';
import { prepareDocumentFonts } from './documents/fonts';
import { lanTls, lanTlsLines } from './http/lanTls';
import { REGEXP_FALLBACK_MISSING, regexpFallbackOn } from './regexpFallback';

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
  if (!regexpFallbackOn()) console.warn(REGEXP_FALLBACK_MISSING);
  const config = await resolvePort(loadConfig(process.env));
  // PGlite is single-process: a second server (or `npm run seed`) on the same folder would corrupt it.
  if (!config.databaseUrl && !config.dataDir.startsWith('memory://')) {
    const status = await dataDirStatus(config.dataDir);
    if (status.kind === 'busy') {
      console.error(dataDirBusyMessage(config.dataDir, status));
      process.exit(1);
    }
  }
  // Before anything else: a server that cannot print documents refuses to start (fonts.ts).
  await prepareDocumentFonts((line) => console.info(line));
  const database = await openDatabase(config);
  await database.migrate();
  // Only an empty database is filled; several servers starting together seed it once.
  if (config.demoData) await seedDemoData(database, { seed: DEFAULT_DEMO_SEED });
  if (config.production && !config.demoDataExplicit) {
    const exposed = await accountsWithDemoPassword(database.db);
    if (exposed.length > 0) {
      console.error(demoPasswordRefusal(exposed));
      await database.close();
      process.exit(1);
    }
  }
  const tls = config.https.enabled ? await lanTls(config.https.dir) : null;
  const app = await buildApp({
    config,
    database,
    ...(tls
      ? { tls: { key: tls.key, cert: tls.cert, caPem: await readFile(tls.caFile, 'utf8') } }
      : {}),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    const graceMs = config.shutdownGraceSeconds * 1000;
    app.log.info(
      `${signal}: shutting down: no new connections; finishing open requests and closing live sockets (at most ${config.shutdownGraceSeconds} s)`,
    );
    // Requests still running when the grace is over are cut off, so a stop always ends.
    const deadline = setTimeout(() => {
      app.log.warn(`shutdown: still busy after ${config.shutdownGraceSeconds} s; exiting anyway`);
      process.exit(1);
    }, graceMs);
    deadline.unref();
    await app.close();
    await database.close();
    app.log.info(`shutdown: drained in ${Date.now() - started} ms`);
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
  if (tls) for (const line of lanTlsLines(config.publicUrl, tls)) console.info(line);
  if (config.demoData) {
    console.info(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const line of demoAccountLines()) console.info(`  ${line}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
