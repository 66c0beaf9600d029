// The fault test's deployment, small: server processes (node runs server/main.ts itself, so a
// SIGKILL hits the server, not a tsx wrapper) on a PostgreSQL of the test's own or a PGlite
// directory, the fault proxy in front, fixtures and tenants written in-process; an exit the test
// did not ask for is kept, so it can say no process needed a restart.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, logOutput, waitForLine } from '../../e2e/proxy/stack';
import { loadSigningKey } from '../../server/auth/keys';
import { type Database, openDatabase } from '../../server/db/database';
import { seedFixtures } from '../support/fixtures';
import { type PrivatePostgres, startPrivatePostgres } from '../support/privatePostgres';
import { accessTokenFor } from '../support/tokens';
import { createTenants, type Tenant } from '../sync/property/tenant';
import { FaultProxy } from './faultProxy';

/** Long enough for a whole file's run: the clients never need a renewal here. */
const TOKEN_SECONDS = 3600;

const root = new URL('../..', import.meta.url).pathname;
/** How long a server process may take to start (migrations included) on a busy machine. */
const START_MS = 60_000;
/** scripts/lib.mjs's SERVER_NODE_FLAGS (the server's regexp backtracking guard). */
const SERVER_NODE_FLAGS = ['--enable-experimental-regexp-engine-on-excessive-backtracks'];
const STOP_GRACE_MS = 10_000;

/** This process's environment without a DATABASE_URL of the shell's: the stack names its own. */
function inherited(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _shells, ...rest } = process.env;
  return rest;
}

export class ServerProcess {
  /** Exits nobody asked for (a crash): the test expects none. */
  readonly unexpectedExits: string[] = [];
  private current: ChildProcess | null = null;
  private expecting = false;
  private starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly dir: string,
  ) {}

  get child(): ChildProcess | null {
    return this.current;
  }

  /** Starts the process and resolves once it listens ('ready at http…'); its output goes to a log. */
  async start(): Promise<void> {
    this.starts += 1;
    const logFile = join(this.dir, `server-${this.name}.${this.starts}.log`);
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', ...SERVER_NODE_FLAGS, 'server/main.ts'],
      {
        cwd: root,
        env: { ...inherited(), ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.current = child;
    this.expecting = false;
    logOutput(child, logFile);
    child.once('exit', (code, signal) => {
      if (!this.expecting)
        this.unexpectedExits.push(`${this.name} exited (${signal ?? code}); log: ${logFile}`);
    });
    await waitForLine(child, /ready at http/, `${this.name} (log: ${logFile})`, START_MS);
  }

  /** kill -9: no shutdown, requests in flight cut, transactions left to the database. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.expecting = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** SIGTERM (the server's graceful stop), SIGKILL if it does not end in time. */
  async stop(): Promise<void> {
    const child = this.current;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    this.expecting = true;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  }

  /** /readyz straight from the process (not through the proxy): its status and error code. */
  async health(): Promise<string> {
    try {
      const response = await fetch(`http://127.0.0.1:${this.port}/readyz`);
      const body = (await response.json().catch(() => null)) as { error_code?: string } | null;
      return `${response.status}${body?.error_code ? ` ${body.error_code}` : ''}`;
    } catch {
      return 'unreachable';
    }
  }
}

export interface SystemStack {
  driver: 'postgres' | 'pglite';
  proxy: FaultProxy;
  servers: ServerProcess[];
  postgres: PrivatePostgres | null;
  tenants: Tenant[];
  /** A fresh access token of the account, as the servers verify them. */
  token(accountId: number): Promise<string>;
  /**
   * The database in this process, for the checks. PostgreSQL: a pool beside the servers'. PGlite:
   * the directory is one process's, so the servers are stopped first (then restarted by the caller
   * if it needs them).
   */
  withDatabase<T>(read: (database: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

async function seed(database: Database, tenants: number) {
  const fx = await seedFixtures(database);
  return createTenants(database.db, fx, tenants);
}

/**
 * Starts the stack: `servers` processes (PostgreSQL) or one (PGlite, `postgresBin` null), each on
 * its own port behind one fault proxy, and `tenants` fresh companies.
 */
export async function startStack(options: {
  postgresBin: string | null;
  servers: number;
  tenants: number;
}): Promise<SystemStack> {
  const dir = await mkdtemp(join(tmpdir(), 'faults-'));
  await chmod(dir, 0o755);
  const ports = await Promise.all(Array.from({ length: options.servers }, () => freePort()));
  const proxy = await FaultProxy.start(ports);
  const issuer = `${proxy.url}/oidc`;
  const env: Record<string, string> = {
    PUBLIC_URL: proxy.url,
    DEMO_DATA: 'off',
    SIM: 'off',
    LOG_LEVEL: 'warn',
    // The test's two cores run the clients too: a slow loop is not what is under test.
    HEALTH_LOOP_BLOCK_MS: '0',
  };
  let postgres: PrivatePostgres | null = null;
  let tenants: Tenant[];
  let keyDatabase: Database | null = null;
  if (options.postgresBin) {
    postgres = await startPrivatePostgres(options.postgresBin);
    env.DATABASE_URL = postgres.url;
    env.DATA_DIR = 'memory://';
  } else {
    // PGlite: seeded here first; the server opens the directory once this process closed it.
    env.DATA_DIR = join(dir, 'pglite');
  }
  const servers = ports.map((port, i) => new ServerProcess(`s${i}`, port, env, dir));
  if (postgres) {
    // Started together, as a process manager does: one migrates, the others wait on its lock.
    await Promise.all(servers.map((server) => server.start()));
    keyDatabase = await openDatabase({ databaseUrl: postgres.url });
    tenants = await seed(keyDatabase, options.tenants);
  } else {
    const database = await openDatabase({ dataDir: env.DATA_DIR });
    await database.migrate();
    tenants = await seed(database, options.tenants);
    await loadSigningKey(database.db);
    keyDatabase = database;
  }
  // Tokens are signed with the database's key: kept in memory, so PGlite's can close.
  const signingDb = keyDatabase;
  const tokens = new Map<number, string>();
  for (const tenant of tenants) {
    for (const account of [tenant.userAccount, tenant.adminAccount]) {
      tokens.set(
        account,
        await accessTokenFor(signingDb, issuer, account, { expiresInSeconds: TOKEN_SECONDS }),
      );
    }
  }
  if (!postgres) {
    await signingDb.close();
    keyDatabase = null;
    await Promise.all(servers.map((server) => server.start()));
  }
  const shared = keyDatabase;

  return {
    driver: postgres ? 'postgres' : 'pglite',
    proxy,
    servers,
    postgres,
    tenants,
    async token(accountId) {
      const token = tokens.get(accountId);
      if (!token) throw new Error(`no token for account ${accountId}`);
      return token;
    },
    async withDatabase(read) {
      if (shared) return read(shared);
      await Promise.all(servers.map((server) => server.stop()));
      const database = await openDatabase({ dataDir: env.DATA_DIR });
      try {
        return await read(database);
      } finally {
        await database.close();
      }
    },
    async close() {
      // Each step runs whatever an earlier one threw: nothing of the test may outlive it.
      const steps = [
        () => proxy.close(),
        () => Promise.all(servers.map((server) => server.stop())),
        async () => shared?.close(),
        async () => postgres?.destroy(),
        () => rm(dir, { recursive: true, force: true }),
      ];
      const failures: unknown[] = [];
      for (const step of steps) await step().catch((error: unknown) => failures.push(error));
      if (failures.length > 0) throw failures[0];
    },
  };
}
