// Statement and lock timeouts (security review L13): on PostgreSQL a write that waits for the
// sync lock held by another connection gives up after the lock timeout and the server answers
// 503 with a Chinese message instead of hanging; a runaway statement is cancelled; seeds and bulk
// loads (bulkWrite) may wait and run as long as they need.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { ADVISORY_LOCKS } from '../../../server/db/advisoryLocks';
import { type Database, openDatabase } from '../../../server/db/database';
import { databaseErrorOf, isDatabaseBusy } from '../../../server/db/timeouts';
import { bulkWrite, write } from '../../../server/sync/write';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { testConfig } from '../../support/app';
import {
  createPostgresDatabase,
  drivers,
  dropPostgresDatabase,
  openTestDatabase,
} from '../../support/databases';
import { type FixtureIds, seedFixtures } from '../../support/fixtures';
import { accessTokenFor } from '../../support/tokens';
import { BASE, createBody } from '../purchasing/inquiryHarness';

const SYNC_WRITE_LOCK = ADVISORY_LOCKS.syncWrite;
const LOCK_MS = 300;

describe.each(drivers.filter((d) => d === 'postgres'))('database timeouts on %s', () => {
  let url: string;
  let database: Database;
  let app: FastifyInstance;
  let ids: FixtureIds;
  let token: string;
  let holder: pg.Client;

  beforeAll(async () => {
    url = await createPostgresDatabase();
    database = await openDatabase({
      databaseUrl: url,
      dbTimeouts: { statementMs: 1000, lockMs: LOCK_MS },
    });
    await database.migrate();
    const config = testConfig();
    app = await buildApp({ config, database });
    await app.ready();
    ids = await seedFixtures(database);
    token = await accessTokenFor(database, `${config.publicUrl}/oidc`, ids.accounts.userA);
    holder = new pg.Client({ connectionString: url });
    await holder.connect();
  });
  afterAll(async () => {
    await holder.end();
    await app.close();
    await database.close();
    await dropPostgresDatabase(url);
  });

  const createSheet = () =>
    app.inject({
      method: 'POST',
      url: `${BASE}?currentCompanyId=${ids.companies.buyerA}`,
      headers: { authorization: `Bearer ${token}` },
      payload: createBody(ids.brands.logo, true),
    });

  it('answers 503 数据库繁忙 when the sync lock stays taken, and writes again once it is free', async () => {
    await holder.query('select pg_advisory_lock($1)', [SYNC_WRITE_LOCK]);
    try {
      const busy = await createSheet();
      expect(busy.statusCode).toBe(503);
      expect(busy.json()).toMatchObject({
        error_code: 'DATABASE_BUSY',
        error_message: COMMON_MESSAGES.DATABASE_BUSY,
      });
      expect(busy.headers['retry-after']).toBe('5');
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [SYNC_WRITE_LOCK]);
    }
    const after = await createSheet();
    expect(after.statusCode, after.body).toBe(200);
  });

  it('cancels a statement that runs past the statement timeout', async () => {
    const slow = write(database.db, async (tx) => tx.execute(sql`select pg_sleep(30)`));
    const error = await slow.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseBusy(error)).toBe(true);
  });

  it('lets a bulk write wait for the lock and run longer than a request may', async () => {
    await holder.query('select pg_advisory_lock($1)', [SYNC_WRITE_LOCK]);
    const released = new Promise<void>((resolve) => {
      setTimeout(() => {
        void holder.query('select pg_advisory_unlock($1)', [SYNC_WRITE_LOCK]).then(() => resolve());
      }, LOCK_MS * 3);
    });
    const result = await bulkWrite(database.db, async (tx) => {
      await tx.execute(sql`select pg_sleep(1.5)`);
      return 'done';
    });
    await released;
    expect(result).toBe('done');
  });
});

describe('isDatabaseBusy', () => {
  const pgError = (code: string) => Object.assign(new Error('canceled'), { code });

  it('knows the timeouts and a pool with no free connection, also wrapped by Drizzle', () => {
    expect(isDatabaseBusy(pgError('55P03'))).toBe(true);
    expect(isDatabaseBusy(pgError('57014'))).toBe(true);
    expect(isDatabaseBusy(new Error('query failed', { cause: pgError('25P03') }))).toBe(true);
    expect(isDatabaseBusy(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isDatabaseBusy(pgError('23505'))).toBe(false);
    expect(isDatabaseBusy(new Error('boom'))).toBe(false);
    expect(isDatabaseBusy('57014')).toBe(false);
  });
});

describe('databaseErrorOf', () => {
  it('finds the driver error under Drizzle and other wrappers, with its constraint', () => {
    const unique = Object.assign(new Error('duplicate key'), {
      code: '23505',
      constraint: 'idempotency_keys_pkey',
    });
    const wrapped = Object.assign(new Error('query failed', { cause: unique }), {
      code: 'ERR_WRAPPED',
    });
    expect(databaseErrorOf(wrapped)).toEqual({
      code: '23505',
      constraint: 'idempotency_keys_pkey',
      message: 'duplicate key',
    });
    expect(databaseErrorOf(new Error('boom'))).toBeUndefined();
  });
});

describe.each(drivers)('writes with timeouts set on %s', (driver) => {
  it('commits a request write and a bulk write', async () => {
    const db = await openTestDatabase(driver);
    try {
      const rowOf = (result: unknown) => (result as { rows: unknown[] }).rows[0];
      const one = await write(db.database.db, async (tx) => tx.execute(sql`select 1 as n`));
      const two = await bulkWrite(db.database.db, async (tx) => tx.execute(sql`select 2 as n`));
      expect([rowOf(one), rowOf(two)]).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      await db.drop();
    }
  });
});
