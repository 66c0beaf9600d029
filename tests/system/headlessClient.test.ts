// The headless client others build on (the fault test, bench/rush.ts): two devices of one company
// against the real app on a loopback port sync their first pull, a change queued on one lands once
// and reaches the other through the live channel's poke (a frame heard, then the row pulled),
// each device on its own fake-indexeddb although both run in this one process.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/app';
import { seedFixtures } from '../support/fixtures';
import { type HeadlessClient, openClient } from '../support/headlessClient';
import { ownerOf } from '../sync/property/screens';
import { type Tenant, TenantPool } from '../sync/property/tenant';
import { waitFor } from '../sync/property/wait';

let server: TestServer;
let tenant: Tenant;
let baseUrl: string;
const clients: HeadlessClient[] = [];

beforeAll(async () => {
  server = await startTestServer('pglite');
  const fx = await seedFixtures(server.db.database);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const pool = new TenantPool(server, fx);
  tenant = await pool.take();
  for (const account of [tenant.userAccount, tenant.adminAccount]) {
    clients.push(
      await openClient({
        baseUrl,
        userId: account,
        companies: [tenant.companyId],
        token: () => pool.token(account),
      }),
    );
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.close();
});

describe('headless client', () => {
  it('pulls, pushes once and hears the other device’s change by a poke', async () => {
    const [user, admin] = clients;
    if (!user || !admin) throw new Error('clients not opened');
    const sheetId = tenant.sheets[0];
    for (const client of clients) {
      await waitFor(
        async () => (await client.localRows('sheets', tenant.companyId)).length === 2,
        'the first pull',
      );
    }
    await waitFor(
      () => admin.frames.some(({ frame }) => frame.type === 'subscribed'),
      'the live channel',
    );
    const row = (await user.localRows('sheets', tenant.companyId)).find((r) => r.id === sheetId);
    if (!row) throw new Error('sheet not pulled');
    const since = Date.now();
    await user.enqueue(tenant.companyId, {
      type: 'sheet.changeOwner',
      payload: { id: sheetId, ifMatch: row.version, owner: tenant.staff.colleague },
    });
    await user.waitSynced();
    await waitFor(() => admin.pokesSince(tenant.companyId, since).length > 0, 'a poke', 10_000);
    await waitFor(
      async () => {
        const seen = (await admin.localRows('sheets', tenant.companyId)).find(
          (r) => r.id === sheetId,
        );
        return ownerOf(seen ?? null) === tenant.staff.colleague.id;
      },
      'the change on the other device',
      10_000,
    );
    expect(await user.db.outbox.count()).toBe(0);
    expect(admin.status()?.online).not.toBe(false);
  });
});
