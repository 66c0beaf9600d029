// A PostgreSQL server of a test's own (Debian's binaries, a data directory in /tmp, a free port),
// for tests that stop and start the database under a running app. Never the shared one on 54329:
// other test files use that. As root, the binaries run as the `postgres` user, like .ci/run.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = '/usr/lib/postgresql';

/** The newest Debian PostgreSQL's bin directory, or null when none is installed. */
export function postgresBinDir(): string | null {
  if (!existsSync(ROOT)) return null;
  const versions = readdirSync(ROOT)
    .filter((v) => existsSync(join(ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest === undefined ? null : join(ROOT, newest, 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type PrivatePostgres = {
  url: string;
  /** Fast shutdown: every connection is dropped. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its data. */
  destroy(): Promise<void>;
};

export async function startPrivatePostgres(binDir: string): Promise<PrivatePostgres> {
  const dataDir = await mkdtemp(join(tmpdir(), 'pg-private-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dataDir, Number(stdout.trim()), Number(gid.trim()));
  }
  // Paths are ours (mkdtemp under tmpdir, Debian's bin dir): nothing here needs shell quoting.
  const sh = async (command: string) => {
    if (asRoot) await run('su', ['postgres', '-s', '/bin/sh', '-c', command]);
    else await run('/bin/sh', ['-c', command]);
  };
  const port = await freePort();
  const pgCtl = join(binDir, 'pg_ctl');
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  await sh(
    `${join(binDir, 'initdb')} -D ${dataDir} -A trust -U postgres -E UTF8 --locale=C.UTF-8 -N`,
  );
  const start = () =>
    sh(`${pgCtl} -D ${dataDir} -l ${dataDir}/server.log -w -o '${options}' start`);
  const stop = () => sh(`${pgCtl} -D ${dataDir} -m fast -w stop`);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async destroy() {
      await stop().catch(() => {});
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
