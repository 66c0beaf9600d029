// Runs `npm start` for real (scripts/start.mjs: install check, build check, then the server) on a
// random port and a fresh data directory, and talks to it over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REGEXP_FALLBACK_MISSING } from '../../server/regexpFallback';
import { createPostgresDatabase, drivers, dropPostgresDatabase } from '../support/databases';

const root = new URL('../..', import.meta.url).pathname;
const running: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Spawns the server and resolves with the URL it prints. */
function startServer(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; output: string }> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
  });
  running.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready at (http:\/\/\S+\/)/.exec(output);
      if (match?.[1]) resolve({ url: match[1], child, output });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

describe.each(drivers)('the server process on %s', (driver) => {
  it('serves /healthz and the built app, and stops cleanly on SIGTERM', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'start-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    // The simulator's first PGlite queries may stand the loop still on a loaded machine; the
    // event-loop rule of /healthz is tested in health.test.ts.
    const env: Record<string, string> = { DATA_DIR: join(dir, 'data'), HEALTH_LOOP_BLOCK_MS: '0' };
    if (driver === 'postgres') {
      const url = await createPostgresDatabase();
      cleanups.push(() => dropPostgresDatabase(url));
      env.DATABASE_URL = url;
    }

    const { url, child, output } = await startServer(env);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    // server/main.ts warns when it runs without V8's linear-time regexp fallback (H1).
    expect(output).not.toContain(REGEXP_FALLBACK_MISSING);

    const health = await fetch(new URL('/healthz', url));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ data: { status: 'ok' } });
    const page = await fetch(new URL('/inquiry-quotation/list', url));
    const html = await page.text();
    expect(html).toContain('<title>工业品采购</title>');
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);

    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    // Starting a process that seeds a fresh database is slow on a loaded 2-core machine.
  }, 120_000);
});

describe('the server process', () => {
  it('refuses a bad environment with a message naming the variable', async () => {
    await expect(startServer({ PORT: 'eighty' })).rejects.toThrow(/PORT/);
  });
});
