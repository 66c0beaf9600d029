// The production build run for real (issue 21 item 1): `npm run build`'s server output started
// by `npm run start:prod` (scripts/startProd.mjs: plain Node, NODE_ENV=production, no tsx) on a
// fresh data directory or database. It serves the app, /readyz and /metrics, seeds no demo data,
// writes an access line per request, and on SIGTERM drains and says so before exiting 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { accounts } from '../../server/db/schema/index';
import { childrenOfEachTest } from '../support/children';
import { createPostgresDatabase, drivers, dropPostgresDatabase } from '../support/databases';

const root = new URL('../..', import.meta.url).pathname;
const { running, cleanups } = childrenOfEachTest();

/** The build steps of `npm run build` (scripts/*.mjs, plain JavaScript). */
async function script<T>(name: string): Promise<T> {
  return (await import(pathToFileURL(join(root, 'scripts', name)).href)) as T;
}

beforeAll(async () => {
  const { ensureBuilt } = await script<{ ensureBuilt(): Promise<void> }>('lib.mjs');
  const { buildServer } = await script<{ buildServer(): Promise<number> }>('buildServer.mjs');
  await ensureBuilt();
  await buildServer();
}, 300_000);

type Started = { url: string; child: ChildProcess; output: () => string };

function startProd(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['scripts/startProd.mjs'], {
    cwd: root,
    // A fixed port through PUBLIC_URL is what production sets; PORT=0 picks a free one here.
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', HEALTH_LOOP_BLOCK_MS: '0', ...env },
  });
  running.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready at (http:\/\/\S+\/)/.exec(output);
      if (match?.[1]) resolve({ url: match[1], child, output: () => output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

describe.each(drivers)('npm run start:prod on %s', (driver) => {
  it('serves the app, /readyz and /metrics with no demo data, and drains on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'start-prod-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: join(dir, 'data') };
    if (driver === 'postgres') {
      const url = await createPostgresDatabase();
      cleanups.push(() => dropPostgresDatabase(url));
      env.DATABASE_URL = url;
    }
    const { url, child, output } = await startProd(env);

    const page = await fetch(new URL('/inquiry-quotation/list', url));
    expect(await page.text()).toContain('<title>工业品采购</title>');
    const ready = await fetch(new URL('/readyz', url));
    expect(ready.status).toBe(200);
    const metrics = await (await fetch(new URL('/metrics', url))).text();
    expect(metrics).toContain(
      'http_requests_total{method="GET",route="/readyz",status_code="200"} 1',
    );
    // The compiled server, not the sources: no TypeScript loader in the process.
    expect(output()).not.toMatch(/tsx|Demo accounts/);
    expect(output()).toMatch(/"route":"\/readyz","status":200/);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toMatch(/SIGTERM: shutting down/);
    expect(output()).toMatch(/shutdown: drained in \d+ ms/);

    // NODE_ENV=production: an empty database stays empty (no demo accounts).
    const database = await openDatabase(
      driver === 'postgres' ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
    );
    try {
      const [row] = await database.db.select({ n: count() }).from(accounts);
      expect(row?.n).toBe(0);
    } finally {
      await database.close();
    }
  }, 180_000);
});

describe('npm run start:prod', () => {
  it('refuses to start without a build, naming the command', async () => {
    const missing = spawn(process.execPath, ['scripts/startProd.mjs'], {
      cwd: root,
      env: { ...process.env, APP_DIR: '/nonexistent-app-build' },
    });
    let text = '';
    missing.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => missing.once('exit', resolve));
    expect(code).toBe(1);
    expect(text).toContain('npm run build');
  });
});
