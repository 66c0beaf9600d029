// `npm run backup [-- FILE]`: a consistent backup of the database the server uses, while it runs.
// PostgreSQL (DATABASE_URL): pg_dump's custom format. PGlite (DATA_DIR): the running server is
// asked for its data directory (POST /admin-api/v1/backup on this machine, PORT), or, when no
// server has the directory open, it is read directly. Restore with `npm run restore -- FILE`.
// In a production build: `node dist-server/scripts/backup.js [FILE]`. docs/deploy.md.
import { writeFile } from 'node:fs/promises';
import { loadConfig } from '../server/config';
import { backupFileName, dumpPostgres } from '../server/db/backup';
import { openDatabase } from '../server/db/database';
import { dataDirStatus } from '../server/db/dataDirGuard';
import { BACKUP_PATH } from '../server/routes/backup';

async function fromRunningServer(port: string): Promise<Uint8Array> {
  const url = `http://127.0.0.1:${port}${BACKUP_PATH}`;
  const response = await fetch(url, { method: 'POST' }).catch((error: unknown) => {
    throw new Error(`the server on port ${port} did not answer (${String(error)}): set PORT`);
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function main(): Promise<void> {
  // The server's own settings: the same database, defaults and port as the server.
  const { databaseUrl, dataDir, port } = loadConfig(process.env);
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const file = process.argv[2] ?? backupFileName(kind);
  const started = Date.now();
  if (databaseUrl) {
    await dumpPostgres(databaseUrl, file);
  } else {
    const status = await dataDirStatus(dataDir);
    let tar: Uint8Array;
    if (status.kind === 'free') {
      const database = await openDatabase({ dataDir });
      try {
        if (!database.dumpDataDir) throw new Error('PGlite cannot dump its directory');
        tar = await database.dumpDataDir();
      } finally {
        await database.close();
      }
    } else {
      tar = await fromRunningServer(String(port));
    }
    await writeFile(file, tar);
  }
  console.info(`Backup written to ${file} (${kind}) in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
