// Builds the real server app in-process on a test database, for route tests with `inject()`.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig, type ServerConfig } from '../../server/config';
import { type DriverName, openTestDatabase, type TestDatabase } from './databases';

export type TestServer = {
  app: FastifyInstance;
  db: TestDatabase;
  config: ServerConfig;
  /** The issuer tokens must name (`${publicUrl}/oidc`). */
  issuer: string;
  close(): Promise<void>;
};

/** The server's settings for tests: no demo data, no simulator, short token lifetimes. */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'off',
    SIM: 'off',
    ACCESS_TOKEN_TTL: '60',
    REFRESH_TOKEN_TTL: '300',
    APP_DIR: '/nonexistent-app-dir',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    // Test files seed the in-process PGlite on the server's own loop, which stands still for
    // seconds; the event-loop rule of /healthz has its own tests (tests/server/health.test.ts).
    HEALTH_LOOP_BLOCK_MS: '0',
  });
  return { ...base, ...overrides };
}

export async function startTestServer(
  driver: DriverName,
  options: {
    appDir?: string;
    config?: Partial<ServerConfig>;
    extend?: (app: FastifyInstance) => void;
  } = {},
): Promise<TestServer> {
  const db = await openTestDatabase(driver);
  const config = testConfig({
    ...(options.appDir ? { appDir: options.appDir } : {}),
    ...options.config,
  });
  const app = await buildApp({ config, database: db.database });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    config,
    issuer: `${config.publicUrl}/oidc`,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
