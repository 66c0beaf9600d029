// Bench-scale server data for the browser sync bench, seeded once and reused: seeding 120k
// documents takes about a minute and a half, longer than the figures it serves. The seeded PGlite
// data directory is kept under the system's temp folder, keyed by the scale and by a hash of the
// code that shapes the data (server/, src/domain/, the lockfile), and every run works on a
// scratch copy, so the bench's own writes never reach the cache. The copy goes to /dev/shm when
// it has room, so the server reads its data from memory as it would from `memory://`.
import { createHash } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rename, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { openDatabase } from '../../server/db/database';
import { seedBulk } from '../../server/demo/seed/bulk';
import { DEFAULT_DEMO_SEED, seedDemoData } from '../../server/demo/seed/demo';
import { running, scratchDir } from './scratch';

export interface Scale {
  sheets: number;
  orders: number;
  todos: number;
}

export interface SeededCopy {
  /** A scratch copy of the seeded PGlite data directory, for this run only. */
  dataDir: string;
  /** The company the bulk data went to. */
  companyId: number;
  /** Seconds spent seeding in this run; null when the cache was reused. */
  seedSeconds: number | null;
  /** Removes the scratch copy. */
  dispose(): Promise<void>;
}

interface Manifest {
  companyId: number;
}

const ROOT = new URL('../../', import.meta.url).pathname;
const CACHE = join(tmpdir(), 'purchasing-bench-sync');
const SEED = 7;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Changes whenever anything that decides the seeded rows changes. */
async function codeHash(): Promise<string> {
  const hash = createHash('sha256').update(`seed ${SEED}`);
  const files = [
    ...(await filesUnder(join(ROOT, 'server'))),
    ...(await filesUnder(join(ROOT, 'src/domain'))),
    join(ROOT, 'package-lock.json'),
  ];
  for (const file of files) hash.update(relative(ROOT, file)).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

async function seed(scale: Scale, target: string): Promise<Manifest> {
  const partial = `${target}.partial-${process.pid}`;
  await rm(partial, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: join(partial, 'pgdata') });
  let manifest: Manifest;
  try {
    await database.migrate();
    await seedDemoData(database, { seed: DEFAULT_DEMO_SEED });
    const seeded = await seedBulk(database, { ...scale, seed: SEED });
    manifest = { companyId: seeded.company.id };
  } finally {
    await database.close();
  }
  await writeFile(join(partial, 'manifest.json'), JSON.stringify(manifest));
  await rename(partial, target);
  return manifest;
}

/** /dev/shm (memory) when it has room for a copy, else the temp folder. */
async function scratchRoot(): Promise<string> {
  try {
    const shm = await statfs('/dev/shm');
    if (shm.bavail * shm.bsize > 4e9) return '/dev/shm';
  } catch {
    // No /dev/shm here.
  }
  return tmpdir();
}

/** A scratch copy of the seeded data at `scale`, seeding it first when no cache fits. */
export async function seededCopy(scale: Scale): Promise<SeededCopy> {
  await mkdir(CACHE, { recursive: true });
  const code = await codeHash();
  const cached = join(CACHE, `${scale.sheets}-${scale.orders}-${scale.todos}-${code}`);
  let manifest: Manifest;
  let seedSeconds: number | null = null;
  try {
    manifest = JSON.parse(await readFile(join(cached, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    // Caches of older code (a gigabyte each at the default scale) and partial ones whose run
    // died are of no use: dropped. Other scales of the same code stay.
    for (const entry of await readdir(CACHE)) {
      const pid = /\.partial-(\d+)$/.exec(entry)?.[1];
      const stale = pid === undefined ? !entry.endsWith(`-${code}`) : !running(Number(pid));
      if (stale) await rm(join(CACHE, entry), { recursive: true, force: true });
    }
    const t0 = performance.now();
    manifest = await seed(scale, cached);
    seedSeconds = (performance.now() - t0) / 1000;
  }
  const scratch = await scratchDir('purchasing-bench-pg', await scratchRoot());
  await cp(join(cached, 'pgdata'), join(scratch, 'pgdata'), { recursive: true });
  return {
    dataDir: join(scratch, 'pgdata'),
    companyId: manifest.companyId,
    seedSeconds,
    dispose: () => rm(scratch, { recursive: true, force: true }),
  };
}
