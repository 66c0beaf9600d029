// Builds the real server app in-process on a test database, for route tests with `inject()`.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { type DriverName, openTestDatabase, type TestDatabase } from './databases';

export type TestServer = { app: FastifyInstance; db: TestDatabase; close(): Promise<void> };

export async function startTestServer(
  driver: DriverName,
  options: { appDir?: string; extend?: (app: FastifyInstance) => void } = {},
): Promise<TestServer> {
  const db = await openTestDatabase(driver);
  const app = await buildApp({
    config: { appDir: options.appDir ?? '/nonexistent-app-dir', logLevel: 'silent' },
    database: db.database,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
