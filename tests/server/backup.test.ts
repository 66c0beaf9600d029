// Backup and restore for real (issue 21 item 3), on PGlite and PostgreSQL: `npm run backup` while
// the server runs (PGlite: the running server dumps its own directory; PostgreSQL: pg_dump), a
// change made after the backup, a device that queues a change offline, then `npm run restore`
// into a fresh data directory or database and a server on it. The restored server answers the
// feed and the files the old one answered at backup time; the device, whose cursor is from the
// lost future, gets 410, resyncs, sends its queued change once and ends equal to the server.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { type Database, openDatabase } from '../../server/db/database';
import { fileUrl } from '../../server/http/fileUrls';
import { storeFile } from '../../server/messaging/fileStore';
import type { FeedPage } from '../../src/contract/feed';
import type { FetchLike } from '../../src/sync/engine/http';
import { loadOutbox } from '../../src/sync/outbox';
import { testConfig } from '../support/app';
import { createPostgresDatabase, drivers, dropPostgresDatabase } from '../support/databases';
import { seedFixtures } from '../support/fixtures';
import { type HeadlessClient, openClient } from '../support/headlessClient';
import { accessTokenFor } from '../support/tokens';
import { expectDeviceMatches } from '../sync/property/invariants';
import { Screens } from '../sync/property/screens';
import { companyView, createTenants, markedTexts } from '../sync/property/tenant';
import { waitFor } from '../sync/property/wait';

const root = new URL('../..', import.meta.url).pathname;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Runs `npm run backup` / `npm run restore` (their scripts, under tsx) with `env`. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/tsx'), [`scripts/${name}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...env },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${name} exited ${code}:\n${output}`)),
    );
  });
}

/** Every change of the company's feed from the start, as `table/id` → the row's JSON. */
async function wholeFeed(base: string, token: string, companyId: number) {
  const rows = new Map<string, string>();
  let cursor = '';
  for (;;) {
    const response = await fetch(
      `${base}/sync-api/v1/changes?currentCompanyId=${companyId}&cursor=${cursor}&limit=500`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.status).toBe(200);
    const page = ((await response.json()) as { data: FeedPage }).data;
    for (const change of page.changes) {
      rows.set(`${change.table}/${change.id}`, JSON.stringify(change.row));
    }
    if (!page.has_more) return rows;
    cursor = page.cursor;
  }
}

async function serve(database: Database, port: number) {
  const app: FastifyInstance = await buildApp({ config: testConfig(), database });
  const address = await app.listen({ port, host: '127.0.0.1' });
  return { app, address, port: Number(new URL(address).port) };
}

describe.each(drivers)('backup and restore on %s', (driver) => {
  it('restores the feed and the files, and a device resyncs keeping its unsent change', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'backup-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const [before, after] =
      driver === 'postgres'
        ? await Promise.all([createPostgresDatabase(), createPostgresDatabase()])
        : [join(dir, 'data'), join(dir, 'restored')];
    if (driver === 'postgres') {
      cleanups.push(() => dropPostgresDatabase(before));
      cleanups.push(async () => dropPostgresDatabase(after));
    }
    const where = (target: string) =>
      driver === 'postgres' ? { databaseUrl: target } : { dataDir: target };
    const env = (target: string): Record<string, string> =>
      driver === 'postgres' ? { DATABASE_URL: target } : { DATA_DIR: target };

    // The server at work: a tenant, a stored file, a device in sync.
    const original = await openDatabase(where(before));
    await original.migrate();
    const [tenant] = await createTenants(original.db, await seedFixtures(original), 1);
    if (!tenant) throw new Error('no tenant');
    const bytes = randomBytes(200_000);
    const file = await original.db.transaction((tx) =>
      storeFile(tx, {
        companyId: tenant.companyId,
        uploadedBy: null,
        documentType: 'TODO_ATTACHMENT',
        entityId: null,
        name: 'drawing.pdf',
        contentType: 'application/pdf',
        bytes,
      }),
    );
    const first = await serve(original, 0);
    let running: FastifyInstance | null = first.app;
    cleanups.push(async () => {
      await running?.close();
    });
    const issuer = `${testConfig().publicUrl}/oidc`;
    const token = await accessTokenFor(original, issuer, tenant.userAccount, {
      expiresInSeconds: 3600,
    });
    let online = true;
    const network: FetchLike = (input, init) =>
      online ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch'));
    const client: HeadlessClient = await openClient({
      baseUrl: first.address,
      userId: tenant.userAccount,
      companies: [tenant.companyId],
      token,
      fetch: network,
    });
    cleanups.push(() => client.close({ deleteDatabase: true }));
    await waitFor(
      async () => (await client.localRows('sheets', tenant.companyId)).length > 0,
      'the first sync',
      20_000,
    );
    const feedAtBackup = await wholeFeed(first.address, token, tenant.companyId);
    const readFile = async (base: string) => {
      const url = `${base}${fileUrl(file.object_name)}&currentCompanyId=${tenant.companyId}`;
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const served = await readFile(first.address);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(bytes)).toBe(true);

    // `npm run backup` while the server runs (PGlite: it asks the server on PORT).
    const backupFile = join(dir, driver === 'postgres' ? 'b.pgdump' : 'b.pglite.tar.gz');
    const said = await script('backup', [backupFile], { ...env(before), PORT: String(first.port) });
    expect(said).toContain(`Backup written to ${backupFile}`);

    // After the backup: a change the device sends and syncs (its cursor moves past the backup),
    // then one it queues offline.
    const screens = new Screens(tenant, 'device');
    const queue = async (step: Parameters<Screens['build']>[2]) => {
      const built = await screens.build(client.session, client.db, step);
      if (!built) throw new Error(`${step.kind}: nothing to do`);
      return { id: await client.enqueue(tenant.companyId, built.mutation), marker: built.marker };
    };
    await queue({ kind: 'owner', tab: 0, target: 'sheet0', to: 'colleague' });
    await client.waitSynced({ timeoutMs: 20_000 });
    online = false;
    const unsent = await queue({ kind: 'message', tab: 0, thread: 'sheet0' });
    expect(unsent.marker).not.toBeNull();

    // Every server stopped, the backup restored into a fresh directory or database.
    await first.app.close();
    running = null;
    await original.close();
    const restoredSaid = await script('restore', [backupFile], env(after));
    expect(restoredSaid).toMatch(/Restored .*every cursor is now below \d+/);
    const restored = await openDatabase(where(after));
    cleanups.push(() => restored.close());
    await restored.migrate();
    const second = await serve(restored, first.port);
    running = second.app;

    expect(await wholeFeed(second.address, token, tenant.companyId)).toEqual(feedAtBackup);
    expect((await readFile(second.address)).bytes.equals(bytes)).toBe(true);
    // The device's cursor is from before the restore: the feed refuses it.
    const stale = await fetch(
      `${second.address}/sync-api/v1/changes?currentCompanyId=${tenant.companyId}&cursor=${feedAtBackup.size}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(stale.status).toBe(410);

    // Back online: the device resyncs, sends its queued message once and matches the server.
    online = true;
    await client.session.pullNow();
    await client.waitSynced({ timeoutMs: 30_000 });
    expect((await loadOutbox(client.db)).entries).toEqual([]);
    const view = await companyView(restored.db, tenant.companyId);
    const marker = unsent.marker ?? '';
    expect(markedTexts(view).filter((text) => text.endsWith(marker))).toHaveLength(1);
    await expectDeviceMatches(client.db, view, 'the device after the restore');
  }, 180_000);
});
