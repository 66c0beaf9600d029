// Backups and restores of either database (issue 21 item 3), for `npm run backup` and
// `npm run restore` (server/backupCli.ts). PostgreSQL: pg_dump's custom format while the servers
// run (a consistent snapshot), pg_restore into an empty database. PGlite: the data directory as
// a gzipped tar, taken by the running server itself (it alone may open the directory) or straight
// from the directory when no server has it open; restored into a new directory. Files live in
// the database, so either backup holds them. The restore's sync bookkeeping is sync/restored.ts.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Debian keeps PostgreSQL's programs per major version, off the PATH. */
const DEBIAN_PG = '/usr/lib/postgresql';

/** pg_dump or pg_restore: PG_BIN's, Debian's newest, or the PATH's. */
export function pgProgram(name: 'pg_dump' | 'pg_restore', pgBin = process.env.PG_BIN): string {
  if (pgBin) return join(pgBin, name);
  if (existsSync(DEBIAN_PG)) {
    const versions = readdirSync(DEBIAN_PG)
      .filter((entry) => /^\d+$/.test(entry))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const path = join(DEBIAN_PG, version, 'bin', name);
      if (existsSync(path)) return path;
    }
  }
  return name;
}

function runProgram(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error) =>
      reject(
        new Error(
          `${program}: ${error.message} (install PostgreSQL's client programs or set PG_BIN)`,
        ),
      ),
    );
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${program} failed (exit ${code}):\n${errors.trim()}`));
    });
  });
}

/** A consistent dump of a running PostgreSQL database into `file` (pg_dump's custom format). */
export function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  return runProgram(pgProgram('pg_dump'), [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${file}`,
    `--dbname=${databaseUrl}`,
  ]);
}

/** Loads a dump into an empty database (the caller checked it is empty). */
export function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  return runProgram(pgProgram('pg_restore'), [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}

/** The file name of a backup made now: sortable, and the kind in its extension. */
export function backupFileName(kind: 'pglite' | 'postgres', now = new Date()): string {
  // 2026-11-28T10:51:26 → 20261128-105126
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `backup-${stamp}.${kind === 'pglite' ? 'pglite.tar.gz' : 'pgdump'}`;
}
