// The server side of the property test, started once per file: the real app on loopback with
// PGlite in memory, the fault hooks installed, the fixtures (supplier, catalogue, another
// company) and the pool of fresh tenants. `runScenario` plays one scenario on a fresh tenant and
// a fresh device, judges it, and always closes the device's sessions.
import type { AddressInfo } from 'node:net';
import { startTestServer, type TestServer } from '../../support/app';
import { type FixtureIds, seedFixtures } from '../../support/fixtures';
import { ServerFaults } from '../../support/serverFaults';
import { Device } from './device';
import { judge } from './invariants';
import { Play } from './play';
import type { Scenario } from './scenario';
import { TenantPool } from './tenant';
import { waitFor } from './wait';

export interface World {
  server: TestServer;
  fx: FixtureIds;
  faults: ServerFaults;
  pool: TenantPool;
  baseUrl: string;
}

export async function startWorld(): Promise<World> {
  const faults = new ServerFaults();
  const server = await startTestServer('pglite', { extend: (app) => faults.install(app) });
  const fx = await seedFixtures(server.db.database);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  return {
    server,
    fx,
    faults,
    pool: new TenantPool(server, fx),
    baseUrl: `http://127.0.0.1:${port}`,
  };
}

let runs = 0;
const LOG_LINES = 120;
/** A run that takes longer has hung somewhere: reported with its log, like any violation. */
const RUN_DEADLINE_MS = 30_000;
const CLOSE_DEADLINE_MS = 5000;

/**
 * A fresh tenant and a device of its user; `ready()` opens `tabs` tabs and waits for the first
 * pull.
 */
export async function openDevice(world: World, tabs: number) {
  const tenant = await world.pool.take();
  const token = await world.pool.token(tenant.userAccount);
  world.faults.reset();
  const device = new Device(
    {
      userId: tenant.userAccount,
      userSub: String(tenant.userAccount),
      companies: [tenant.companyId],
      baseUrl: world.baseUrl,
      wsUrl: 'ws://127.0.0.1:1/ws',
    },
    async () => token,
  );
  world.faults.onAnswer = (answer) => {
    if (answer.status < 300) device.poke();
  };
  const ready = async () => {
    for (let slot = 0; slot < tabs; slot += 1) await device.open(slot);
    const leader = await device.waitForLeader();
    // The screens show what the first pull brought before the user acts.
    await waitFor(
      async () => (await leader.db?.sheets.get([tenant.companyId, tenant.sheets[0]])) !== undefined,
      'the first pull',
    );
  };
  return { tenant, device, ready };
}

/**
 * Plays the scenario on a fresh tenant and device, then checks the invariants. `interlude` runs
 * between the steps and the checks (a regression that sets up a state no step reaches alone).
 */
export async function runScenario(
  world: World,
  scenario: Scenario,
  interlude: (play: Play) => Promise<void> = async () => undefined,
): Promise<void> {
  runs += 1;
  const { tenant, device, ready } = await openDevice(world, scenario.tabs);
  const play = new Play({
    server: world.server,
    faults: world.faults,
    tenant,
    device,
    adminToken: await world.pool.token(tenant.adminAccount),
    label: `r${runs}`,
  });
  const body = async () => {
    await ready();
    await play.play(scenario.steps);
    await interlude(play);
    await judge(play);
  };
  let failure: unknown = null;
  await withDeadline(body(), RUN_DEADLINE_MS, 'the run').catch((error: unknown) => {
    failure = error;
  });
  world.faults.reset();
  await withDeadline(device.close(), CLOSE_DEADLINE_MS, 'the sessions to stop').catch(
    (error: unknown) => {
      failure ??= error;
    },
  );
  if (failure === null) return;
  const log = device.log.slice(-LOG_LINES).join('\n');
  const entries = play.entries
    .map((e) => {
      const outcome = e.id ?? `no id: ${e.error}`;
      const refused = e.mustFail ? `, must fail: ${e.mustFail}` : '';
      return `${e.n}: step ${e.step} in ${e.tab}: ${e.type} → ${outcome}${refused}`;
    })
    .join('\n');
  const message = failure instanceof Error ? failure.message : String(failure);
  throw new Error(`${message}\n--- entries ---\n${entries}\n--- run log ---\n${log}`, {
    cause: failure,
  });
}

/** Rejects when `promise` has not settled within `ms`: something hung. */
async function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not end within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
