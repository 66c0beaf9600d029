// A PostgreSQL for the proxy suite: two server processes cannot share PGlite, so the suite needs
// a real server. CI's (.ci/run exports TEST_DATABASE_URL) when there is one, else a throwaway
// Debian PostgreSQL started here as .ci/run does it, so `npm test` alone runs the suite.
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface AdminPostgres {
  /** An administrator URL: databases are created next to its database. */
  url: string;
  stop(): void;
}

function newestPostgresBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((entry) => existsSync(join(base, entry, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  const newest = versions.at(-1);
  if (!newest) {
    throw new Error(
      'The proxy suite needs PostgreSQL: set TEST_DATABASE_URL, or install Debian postgresql (apt-get install -y postgresql).',
    );
  }
  return join(base, newest, 'bin');
}

/** Runs a PostgreSQL tool, as the postgres user when we are root (initdb refuses root). */
function runAs(owner: string | null, command: string, args: string[]): void {
  const quoted = [command, ...args].map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  const result = owner
    ? spawnSync('su', [owner, '-s', '/bin/sh', '-c', quoted], { encoding: 'utf8' })
    : spawnSync('sh', ['-c', quoted], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} failed: ${result.stderr || result.stdout || result.error}`);
  }
}

/** TEST_DATABASE_URL's server, or a fresh one in a temporary folder on `port`. */
export function startPostgres(port: number): AdminPostgres {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, stop: () => {} };
  const bin = newestPostgresBin();
  const dir = mkdtempSync(join(tmpdir(), 'proxy-postgres-'));
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(uid.stdout), Number(gid.stdout));
  }
  chmodSync(dir, 0o700);
  const owner = isRoot ? 'postgres' : null;
  const data = join(dir, 'data');
  runAs(owner, join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  runAs(owner, join(bin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        runAs(owner, join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A fresh, empty database on the administrator's server; `drop` removes it. */
export async function createDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
