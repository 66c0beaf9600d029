// The seeded demo the document route tests share: a test server with the demo data at a fixed
// moment, and the `buyer` account signed in (its token, and the name, mobile and zone its
// documents print).
import { seedDemoData } from '../../../server/demo/seed/demo';
import { startTestServer, type TestServer } from '../../support/app';
import type { DriverName } from '../../support/databases';
import { accessTokenFor } from '../../support/tokens';
import { rows } from '../demo/seedHarness';

export const SEED_NOW = new Date('2026-03-10T12:00:00+08:00');

export interface DemoBuyer {
  id: number;
  token: string;
  account: { name: string; mobile: string | null; timezone: string };
}

export async function startSeededServer(driver: DriverName): Promise<TestServer> {
  const server = await startTestServer(driver);
  await seedDemoData(server.db.database, { seed: 2026, now: SEED_NOW });
  return server;
}

export async function signInDemoBuyer(server: TestServer): Promise<DemoBuyer> {
  const [buyer] = await rows(
    server.db.database.db,
    "select id, name, mobile, timezone from accounts where username = 'buyer'",
  );
  const id = Number(buyer?.id);
  return {
    id,
    token: await accessTokenFor(server.db.database, server.issuer, id),
    account: {
      name: String(buyer?.name),
      mobile: buyer?.mobile === null ? null : String(buyer?.mobile),
      timezone: String(buyer?.timezone),
    },
  };
}
