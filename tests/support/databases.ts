// The databases server tests run on: always an in-memory PGlite, and also a real PostgreSQL when
// TEST_DATABASE_URL is set (.ci/run starts one). Each PostgreSQL test database is created fresh
// and dropped afterwards, so test files never see each other's rows.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../server/db/database';

export type TestDatabase = { database: Database; url: string | undefined; drop(): Promise<void> };
export type DriverName = 'pglite' | 'postgres';

const adminUrl = process.env.TEST_DATABASE_URL;

export const drivers: DriverName[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];

/** A fresh, migrated database of the given kind. */
export async function openTestDatabase(driver: DriverName): Promise<TestDatabase> {
  const url = driver === 'postgres' ? await createPostgresDatabase() : undefined;
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
  await database.migrate();
  return {
    database,
    url,
    async drop() {
      await database.close();
      if (url) await dropPostgresDatabase(url);
    },
  };
}

/** Creates an empty PostgreSQL database next to TEST_DATABASE_URL's and returns its URL. */
export async function createPostgresDatabase(): Promise<string> {
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(url: string): Promise<void> {
  if (!adminUrl) return;
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
