// The rush's deployment, as docs/deploy.md describes it and the proxy suite runs it
// (e2e/proxy/stack.ts's functions): a seeded company on PostgreSQL, N server processes, and
// Debian's nginx with the repository's site file in front. The bench keeps its own connection
// to the database for the baselines, the targets and the tokens.

import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { createDatabase } from '../../e2e/proxy/postgres';
import {
  freePort,
  NGINX,
  nginxConfig,
  nginxGlobals,
  selfSignedCertificate,
  startServer,
  stopper,
  waitForProxy,
} from '../../e2e/proxy/stack';
import { type Database, openDatabase } from '../../server/db/database';
import { contacts, sheets } from '../../server/db/schema/index';
import { type BulkSummary, seedBulk } from '../../server/demo/seed/bulk';
import { DEFAULT_DEMO_SEED, seedDemoData } from '../../server/demo/seed/demo';
import { canChangeSheetOwner } from '../../src/domain/purchase/rules';
import { postgresBinDir, startPrivatePostgres } from '../../tests/support/privatePostgres';
import { accessTokenFor, createAccount } from '../../tests/support/tokens';
import { membersWithAccounts } from '../browser/serverSide';
import { leavesOf, parentOf } from './cpu';
import type { Target } from './pusher';

export type Scale = { sheets: number; orders: number; todos: number };

export type Postgres = {
  adminUrl: string;
  /** Present when the bench started the server itself (the faults mode restarts it). */
  restart?: () => Promise<void>;
  stop(): Promise<void>;
};

/** BENCH_DATABASE_URL's (or TEST_DATABASE_URL's) server, else a throwaway one of our own. */
export async function postgres(ownServer: boolean): Promise<Postgres> {
  const given = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (given && !ownServer) return { adminUrl: given, stop: async () => {} };
  const bin = postgresBinDir();
  if (!bin) throw new Error('bench:rush needs PostgreSQL: set BENCH_DATABASE_URL or install it');
  const server = await startPrivatePostgres(bin);
  return {
    adminUrl: server.url,
    restart: async () => {
      await server.stop();
      await server.start();
    },
    stop: () => server.destroy(),
  };
}

export type Company = {
  database: Database;
  url: string;
  seeded: BulkSummary;
  companyId: number;
  /** Members with an account, oldest first: each device signs in as one of them. */
  members: Array<{ contactId: number; accountId: number; name: string }>;
  /** Sheets whose owner may change, with their present owner. */
  targets: Target[];
  drop(): Promise<void>;
};

/** Live sockets one account may hold is 10 (server/live/limits.ts): the bench keeps to 8. */
const SOCKETS_PER_ACCOUNT = 8;

/**
 * More signed-in colleagues, when the devices need them: accounts added to the company's staff
 * without a feed entry (the bench's devices read sheets, orders and to-dos, not the staff list).
 */
async function addMembers(database: Database, companyId: number, count: number) {
  for (let i = 1; i <= count; i++) {
    const name = `早高峰${i}`;
    const username = `rush-${companyId}-${i}`;
    const accountId = await createAccount(database, { username, password: 'Rush@2026', name });
    await database.db.insert(contacts).values({ companyId, accountId, name });
  }
}

/** A database of its own with the demo and a bench-scale company; members for `devices`. */
export async function seededCompany(
  adminUrl: string,
  scale: Scale,
  devices: number,
): Promise<Company> {
  const created = await createDatabase(adminUrl, `rush_${randomUUID().replaceAll('-', '')}`);
  const database = await openDatabase({ databaseUrl: created.url });
  await database.migrate();
  await seedDemoData(database, { seed: DEFAULT_DEMO_SEED });
  const seeded = await seedBulk(database, { ...scale, seed: 7 });
  const companyId = seeded.company.id;
  let members = await membersWithAccounts(database, companyId);
  const wanted = Math.ceil(devices / SOCKETS_PER_ACCOUNT);
  if (members.length < wanted) {
    await addMembers(database, companyId, wanted - members.length);
    members = await membersWithAccounts(database, companyId);
  }
  if (members.length < 2) throw new Error('the bench company needs two members with accounts');
  const sheetRows = await database.db
    .select({
      sheetId: sheets.id,
      state: sheets.state,
      ownerId: sheets.ownerContactId,
      supplierCompanyId: sheets.supplierCompanyId,
    })
    .from(sheets)
    .where(eq(sheets.companyId, companyId))
    .orderBy(asc(sheets.id))
    .limit(5000);
  const targets = sheetRows
    .filter((row) => canChangeSheetOwner(row.state))
    .map(({ sheetId, ownerId, supplierCompanyId }) => ({ sheetId, ownerId, supplierCompanyId }));
  return {
    database,
    url: created.url,
    seeded,
    companyId,
    members,
    targets,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}

/** A signed-in device's token for `accountId`, valid for the whole run. */
export function tokenFor(company: Company, publicUrl: string, accountId: number) {
  return accessTokenFor(company.database, `${publicUrl}/oidc`, accountId, {
    expiresInSeconds: 4 * 3600,
  });
}

/** The postmaster of the server `database` is connected to (for its CPU time). */
export async function postmasterPid(database: Database): Promise<number> {
  const result = (await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: Array<{ pid: number }>;
  };
  const backend = Number(result.rows[0]?.pid);
  const parent = parentOf(backend);
  if (!parent) throw new Error(`no postmaster above backend ${backend}`);
  return parent;
}

export type Deployment = {
  url: string;
  /** The node process of each server (under tsx's wrapper), for CPU and kill -9. */
  serverPids(): number[];
  nginxPid: number;
  /** kill -9 of server `index`, then the same process started again on its port. */
  killAndRestart(index: number): Promise<void>;
  stop(): Promise<void>;
};

/** N server processes on `databaseUrl` and nginx in front, on ports from `basePort`. */
export async function deploy(
  databaseUrl: string,
  processes: number,
  ports: { servers: number; nginx: number },
): Promise<Deployment> {
  if (!existsSync(NGINX)) {
    throw new Error(`bench:rush needs nginx at ${NGINX} (apt-get install -y nginx, or NGINX_PATH)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'rush-'));
  // The site file serves https only (a certificate made for 127.0.0.1): the bench's devices in
  // this process trust it as a browser told to would, and pay TLS as production does.
  const url = `https://127.0.0.1:${ports.nginx}`;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const env = {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: url,
    TRUST_PROXY: '1',
    DEMO_DATA: 'off',
    SIM: 'off',
    LOG_LEVEL: 'warn',
    DATA_DIR: 'memory://',
  };
  const serverPorts = Array.from({ length: processes }, (_, i) => ports.servers + i);
  const servers = serverPorts.map((port, i) => startServer(`rush-${i}`, port, env, dir));
  await Promise.all(servers.map((s) => s.ready));
  const upstreams = join(dir, 'upstreams.conf');
  writeFileSync(upstreams, serverPorts.map((p) => `server 127.0.0.1:${p};\n`).join(''));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    nginxConfig(dir, {
      listen: `127.0.0.1:${ports.nginx}`,
      httpListen: `127.0.0.1:${await freePort()}`,
      upstreams,
      accessLog: join(dir, 'access.log'),
    }),
  );
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', conf, ...nginxGlobals(dir)], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  const nginx = spawn(NGINX, ['-p', dir, '-c', conf, ...nginxGlobals(dir)], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForProxy(url, selfSignedCertificate(dir).cert);
  return {
    url,
    serverPids: () =>
      servers.flatMap((s) => (s.started.child.pid ? leavesOf(s.started.child.pid) : [])),
    nginxPid: nginx.pid ?? 0,
    async killAndRestart(index) {
      const server = servers[index];
      const pid = server?.started.child.pid;
      if (!server || !pid) throw new Error(`no server ${index}`);
      for (const leaf of leavesOf(pid)) process.kill(leaf, 'SIGKILL');
      await server.started.stop();
      const again = startServer(`rush-${index}-again`, serverPorts[index] ?? 0, env, dir);
      servers[index] = again;
      await again.ready;
    },
    async stop() {
      await stopper(nginx, 'SIGQUIT')();
      await Promise.all(servers.map((s) => s.started.stop()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Disk of the whole database and of the feed table (with its indexes), in MB. */
export async function databaseSizes(database: Database) {
  const result = (await database.db.execute(
    sql`select pg_database_size(current_database()) as db, pg_total_relation_size('sync_changes') as feed`,
  )) as unknown as { rows: Array<{ db: string; feed: string }> };
  const row = result.rows[0];
  return { databaseMb: Number(row?.db) / 1e6, feedMb: Number(row?.feed) / 1e6 };
}
