import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import journal from '../../../server/db/migrations/meta/_journal.json';
import { appMeta } from '../../../server/db/schema/index';
import {
  createPostgresDatabase,
  drivers,
  dropPostgresDatabase,
  openTestDatabase,
} from '../../support/databases';

describe.each(drivers)('database on %s', (driver) => {
  it('runs the migrations on open and again without error', async () => {
    const test = await openTestDatabase(driver);
    try {
      await test.database.migrate();
      await test.database.db.insert(appMeta).values({ key: 'probe', value: '1' });
      const rows = await test.database.db.select().from(appMeta);
      expect(rows.map((row) => row.key)).toEqual(['probe']);
    } finally {
      await test.drop();
    }
  });

  it('answers a ping', async () => {
    const test = await openTestDatabase(driver);
    try {
      await expect(test.database.ping()).resolves.toBeUndefined();
    } finally {
      await test.drop();
    }
  });
});

describe('PGlite under DATA_DIR', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps its data across a restart', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'pglite-')), 'nested', 'data');
    dirs.push(dataDir);
    const first = await openDatabase({ dataDir });
    await first.migrate();
    await first.db.insert(appMeta).values({ key: 'kept', value: 'yes' });
    await first.close();

    const second = await openDatabase({ dataDir });
    await second.migrate();
    const rows = await second.db.select().from(appMeta);
    await second.close();
    expect(rows).toEqual([expect.objectContaining({ key: 'kept', value: 'yes' })]);
  });
});

describe.each(drivers.filter((driver) => driver === 'postgres'))('migrations on %s', () => {
  it('apply once when several servers start together', async () => {
    const url = await createPostgresDatabase();
    const servers = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url })));
    try {
      await Promise.all(servers.map((server) => server.migrate()));
      const [first] = servers;
      if (!first) throw new Error('no server');
      const applied = (await first.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as { rows: unknown[] };
      expect(applied.rows).toEqual([{ n: journal.entries.length }]);
    } finally {
      await Promise.all(servers.map((server) => server.close()));
      await dropPostgresDatabase(url);
    }
  });
});
