// `npm run restore -- FILE`: puts a backup of `npm run backup` back, with every server stopped.
// PostgreSQL (DATABASE_URL, an empty database): pg_restore. PGlite (DATA_DIR, a folder that does
// not exist yet): the data directory unpacked. Then the restored database is marked so every
// device resyncs from it and keeps its unsent changes (server/sync/restored.ts).
// In a production build: `node dist-server/scripts/restore.js FILE`. docs/deploy.md.
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../server/config';
import { restorePostgres } from '../server/db/backup';
import { loadPgliteDataDir, openDatabase } from '../server/db/database';
import { markRestored } from '../server/sync/restored';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file) throw new Error('name the backup file: npm run restore -- backup-….pgdump');
  // The server's own settings: the same database, defaults and checks as the server.
  const { databaseUrl, dataDir } = loadConfig(process.env);
  if (databaseUrl) {
    const target = await openDatabase({ databaseUrl });
    try {
      const result = (await target.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      )) as unknown as { rows: Array<{ n: number }> };
      if ((result.rows[0]?.n ?? 0) > 0) {
        throw new Error('the database named by DATABASE_URL is not empty: restore into a new one');
      }
    } finally {
      await target.close();
    }
    await restorePostgres(databaseUrl, file);
  } else {
    await loadPgliteDataDir(dataDir, await readFile(file));
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const horizon = await markRestored(database.db);
    console.info(
      `Restored ${file}. Devices resync on their next pull (every cursor is now below ${horizon}); start the server.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
