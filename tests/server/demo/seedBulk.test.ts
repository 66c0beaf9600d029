import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dataDirStatus } from '../../../server/db/dataDirGuard';
import { type BulkProgress, seedBulk } from '../../../server/demo/seed/bulk';
import { runSeedCli } from '../../../server/demo/seed/cli';
import { seedDemoData } from '../../../server/demo/seed/demo';
import { hasChineseCharacters } from '../../../src/domain/format/text';
import { toOrderStateCode } from '../../../src/domain/orders/orderStates';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import { actualFeed, expectedFeed, rows } from './seedHarness';

const count = async (test: TestDatabase, query: string): Promise<number> =>
  Number((await rows(test.database.db, query))[0]?.n);

describe.each(drivers)('bulk seed on %s', (driver) => {
  let test: TestDatabase;
  let companyId: number;
  let supplierId: number;
  const before: Record<string, number> = {};
  let lastTodoBefore = 0;
  const progress: BulkProgress[] = [];

  beforeAll(async () => {
    test = await openTestDatabase(driver);
    await seedDemoData(test.database, { seed: 2026 });
    companyId = await count(test, "select min(id) as n from companies where role = 'BUYER'");
    supplierId = await count(test, "select min(id) as n from companies where role = 'SUPPLIER'");
    for (const [key, query] of Object.entries(QUERIES(companyId)))
      before[key] = await count(test, query);
    lastTodoBefore = await count(test, 'select max(id) as n from todos');
    // 300 sheets and 200 orders: 150 sheets become orders, 50 orders are stored without a sheet.
    await seedBulk(test.database, {
      sheets: 300,
      orders: 200,
      todos: 150,
      seed: 11,
      chunkSize: 120,
      onProgress: (p) => progress.push(p),
    });
  });
  afterAll(async () => {
    await test?.drop();
  });

  const QUERIES = (id: number): Record<string, string> => ({
    sheets: `select count(*) as n from sheets where company_id = ${id}`,
    orders: `select count(*) as n from orders where company_id = ${id}`,
    todos: `select count(*) as n from todos where ${id} in (from_company_id, to_company_id)`,
    allSheets: 'select count(*) as n from sheets',
    feedSheets: `select count(*) as n from sync_changes where company_id = ${id} and table_name = 'sheets'`,
    feedOrders: `select count(*) as n from sync_changes where company_id = ${id} and table_name = 'orders'`,
    feedTodos: `select count(*) as n from sync_changes where company_id = ${id} and table_name = 'todos'`,
    linked: `select count(*) as n from sheets where company_id = ${id} and order_id is not null`,
    standalone: `select count(*) as n from orders where company_id = ${id} and sheet_id is null`,
  });

  it('writes exactly the rows asked for, all for the one company', async () => {
    const after: Record<string, number> = {};
    for (const [key, query] of Object.entries(QUERIES(companyId)))
      after[key] = await count(test, query);
    const grown = (key: string) => (after[key] ?? 0) - (before[key] ?? 0);
    expect(grown('sheets')).toBe(300);
    expect(grown('allSheets')).toBe(300);
    expect(grown('orders')).toBe(200);
    expect(grown('todos')).toBe(150);
    expect(grown('linked')).toBe(150);
    expect(grown('standalone')).toBe(50);
    expect([grown('feedSheets'), grown('feedOrders'), grown('feedTodos')]).toEqual([300, 200, 150]);
    expect(progress.at(-1)).toMatchObject({ phase: 'todos', done: 150, total: 150 });
    expect(progress.filter((p) => p.phase === 'sheets').map((p) => p.done)).toEqual([
      120, 240, 300,
    ]);
  });

  it('feeds every new row to exactly the companies that see it', async () => {
    const db = test.database.db;
    const expected = await expectedFeed(db);
    const actual = await actualFeed(db);
    expect([...expected].filter((k) => !actual.has(k))).toEqual([]);
    expect([...actual].filter((k) => !expected.has(k))).toEqual([]);
    // To-dos are between the company and the supplier or customer service, never other buyers.
    const newTodos = `from todos where id > ${lastTodoBefore}`;
    expect(await count(test, `select count(*) as n ${newTodos}`)).toBe(150);
    const strangers = `select count(*) as n ${newTodos} and ${companyId} not in (from_company_id, to_company_id)`;
    expect(await count(test, strangers)).toBe(0);
    expect(
      await count(
        test,
        `select count(*) as n from todos where ${supplierId} in (from_company_id, to_company_id)`,
      ),
    ).toBeGreaterThan(0);
  });

  it('keeps orders consistent with their sheets and models free of Chinese', async () => {
    const linked = await rows(
      test.database.db,
      'select s.state, s.name, o.state as order_state, o.inquiry_no, o.sheet_id, s.id from sheets s join orders o on o.id = s.order_id',
    );
    for (const r of linked) {
      expect(Number(r.order_state)).toBe(toOrderStateCode(r.state));
      expect([Number(r.sheet_id), r.inquiry_no]).toEqual([Number(r.id), r.name]);
    }
    const standalone = await rows(
      test.database.db,
      'select inquiry_no from orders where sheet_id is null',
    );
    expect(standalone.every((o) => o.inquiry_no === null)).toBe(true);
    const texts = await rows(
      test.database.db,
      'select product_type as a, product_article_no as b from sheet_lines union all select product_type, product_article_no from order_lines',
    );
    expect(
      texts.filter((t) => hasChineseCharacters(String(t.a)) || hasChineseCharacters(String(t.b))),
    ).toEqual([]);
    const names = await rows(
      test.database.db,
      'select count(distinct name) as d, count(*) as n from sheets',
    );
    expect(Number(names[0]?.d)).toBe(Number(names[0]?.n));
  });

  it('refuses a company that does not exist', async () => {
    await expect(
      seedBulk(test.database, { sheets: 1, orders: 0, todos: 0, seed: 1, companyId: 999_999 }),
    ).rejects.toThrow('Company 999999 does not exist.');
  });
});

describe('npm run seed', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('rejects bad counts with the usage', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await runSeedCli(['--sheets', 'many'], {})).toBe(2);
      expect(await runSeedCli(['--orders', '-5'], {})).toBe(2);
      expect(String(errors.mock.calls[0]?.[0])).toContain('--sheets must be a whole number');
    } finally {
      errors.mockRestore();
    }
  });

  it('seeds an empty in-memory database with the demo and bulk rows', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const code = await runSeedCli(['--sheets', '20', '--orders', '5', '--todos', '5'], {
        DATA_DIR: 'memory://',
      });
      expect(code).toBe(0);
      const printed = info.mock.calls.map((call) => String(call[0])).join('\n');
      expect(printed).toContain('buyer');
      expect(printed).toMatch(/Done: .* got 20 sheets, 5 orders, 5 to-dos; .* rows\/s/);
    } finally {
      info.mockRestore();
    }
  });

  it('refuses a PGlite data directory another process has open', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'seed-busy-')), 'data');
    dirs.push(dataDir);
    // A stand-in for a running server: another process holding the PGlite database open.
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { PGlite } from '@electric-sql/pglite';
         const db = new PGlite(${JSON.stringify(dataDir)}); await db.waitReady;
         process.stdout.write('ready\\n'); setInterval(() => {}, 1000);`,
      ],
      { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on(
          'data',
          (chunk: Buffer) => chunk.toString().includes('ready') && resolve(),
        );
        holder.on('exit', (code) => reject(new Error(`holder exited ${code}`)));
      });
      const status = await dataDirStatus(dataDir);
      expect(status).toMatchObject({
        kind: 'busy',
        users: [expect.objectContaining({ pid: holder.pid })],
      });
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        expect(await runSeedCli([], { DATA_DIR: dataDir })).toBe(1);
        expect(String(errors.mock.calls[0]?.[0])).toContain('is in use by another process');
      } finally {
        errors.mockRestore();
      }
    } finally {
      const exited = new Promise((resolve) => holder.on('exit', resolve));
      holder.kill('SIGKILL');
      await exited;
    }
    // Killed without closing: the stale postmaster.pid no longer counts as busy.
    expect(await dataDirStatus(dataDir)).toEqual({ kind: 'free' });
  }, 60_000);
});
