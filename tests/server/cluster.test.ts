// Runs `scripts/cluster.ts` (what `npm run start:cluster` starts) for real: it refuses to start
// without PostgreSQL, and on PostgreSQL two workers share one port, a worker killed with SIGKILL
// is replaced, and SIGTERM stops the primary and every worker.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REGEXP_FALLBACK_MISSING } from '../../server/regexpFallback';
import { childrenOfEachTest } from '../support/children';
import { createPostgresDatabase, drivers, dropPostgresDatabase } from '../support/databases';

const root = new URL('../..', import.meta.url).pathname;
const { running, cleanups } = childrenOfEachTest();

interface Cluster {
  child: ChildProcess;
  /** Everything printed so far. */
  output(): string;
  /** Resolves once the output matches `pattern` `times` times. */
  waitFor(pattern: RegExp, times?: number): Promise<void>;
  exited: Promise<number | null>;
}

function startCluster(env: Record<string, string | undefined>): Cluster {
  const child = spawn(
    `${root}node_modules/.bin/tsx`,
    ['--enable-experimental-regexp-engine-on-excessive-backtracks', 'scripts/cluster.ts'],
    { cwd: root, env: { ...process.env, LOG_LEVEL: 'warn', ...env } },
  );
  running.push(child);
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of waiters) check();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    output: () => output,
    exited,
    waitFor(pattern, times = 1) {
      const global = new RegExp(pattern.source, 'g');
      return new Promise((resolve, reject) => {
        const check = () => {
          if ((output.match(global) ?? []).length >= times) {
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        void exited.then((code) => reject(new Error(`cluster exited (${code}):\n${output}`)));
        check();
      });
    },
  };
}

/** The server processes the primary forked (each runs server/main.ts). */
function workersOf(primaryPid: number): number[] {
  const listing = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(primaryPid)], {
    encoding: 'utf8',
  });
  return listing.stdout
    .split('\n')
    .filter((line) => line.includes('server/main.ts'))
    .map((line) => Number.parseInt(line.trim(), 10));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm run start:cluster', () => {
  it('refuses to start without DATABASE_URL, in Chinese and English', async () => {
    const cluster = startCluster({ DATABASE_URL: undefined, PORT: '0' });
    expect(await cluster.exited).toBe(1);
    expect(cluster.output()).toContain('start:cluster 需要 PostgreSQL：请设置 DATABASE_URL');
    expect(cluster.output()).toContain('start:cluster needs PostgreSQL: set DATABASE_URL');
  });

  for (const driver of drivers.filter((name) => name === 'postgres')) {
    it(`runs two workers on one port on ${driver}, replaces a killed one and stops on SIGTERM`, async () => {
      const url = await createPostgresDatabase();
      cleanups.push(() => dropPostgresDatabase(url));
      const cluster = startCluster({
        DATABASE_URL: url,
        PORT: '0',
        CLUSTER_WORKERS: '2',
        DEMO_DATA: 'off',
        SIM: 'off',
        HEALTH_LOOP_BLOCK_MS: '0',
      });
      await cluster.waitFor(/ready at http:\/\/\S+\//, 2);
      const primaryPid = Number(/primary (\d+)/.exec(cluster.output())?.[1]);
      const address = /ready at (http:\/\/\S+\/)/.exec(cluster.output())?.[1] ?? '';
      const addresses = [...cluster.output().matchAll(/ready at (http:\/\/\S+\/)/g)].map(
        (match) => match[1],
      );
      expect(new Set(addresses)).toEqual(new Set([address]));
      expect((await fetch(new URL('/healthz', address))).status).toBe(200);
      // The workers run with the primary's node flags (tsx's loader, V8's regexp fallback).
      expect(cluster.output()).not.toContain(REGEXP_FALLBACK_MISSING);

      const workers = workersOf(primaryPid);
      expect(workers).toHaveLength(2);
      const [victim = 0, survivor = 0] = workers;
      process.kill(victim, 'SIGKILL');
      await cluster.waitFor(new RegExp(`Server process ${victim} stopped \\(SIGKILL\\)`));
      await cluster.waitFor(/ready at http:\/\/\S+\//, 3);
      const now = workersOf(primaryPid);
      expect(now).toHaveLength(2);
      expect(now).toContain(survivor);
      expect(now).not.toContain(victim);
      expect((await fetch(new URL('/healthz', address))).status).toBe(200);

      cluster.child.kill('SIGTERM');
      expect(await cluster.exited).toBe(0);
      expect(cluster.output()).toContain('SIGTERM: stopping 2 server processes');
      expect([primaryPid, ...now].filter(alive)).toEqual([]);
    }, 150_000);
  }
});
