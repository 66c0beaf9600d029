// Faults at the system level (issue 19 item 5), CI size: real server processes behind the test's
// TCP proxy, headless clients changing things through their outboxes while a process is killed -9
// mid-push, PostgreSQL restarts, and the network drops and stalls; afterwards exactly-once,
// devices equal to the server, pokes again within 10 s, and no process needing a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresBinDir } from '../support/privatePostgres';
import {
  type Device,
  expectConverged,
  expectLiveAgain,
  openDevices,
  settle,
  startLoad,
  stopLoads,
} from './load';
import { type ServerProcess, type SystemStack, startStack } from './stack';

const binDir = postgresBinDir();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** How long the load runs before and while a fault lasts. */
const LOAD_MS = 1500;
const STALL_MS = 3000;
/** The listener's reconnect backoff is capped at 30 s; after a short outage it is a few seconds. */
const HEALTHY_AGAIN_MS = 20_000;

async function closeAll(devices: Device[], stack: SystemStack | undefined): Promise<void> {
  await stopLoads();
  await Promise.all(devices.map((device) => device.client.close()));
  await stack?.close();
}

/**
 * Kills (-9) the process the proxy passes the next changing request to, as the request goes;
 * resolves to it and the time. Whichever it is: the clients share Node's connection pool, so a
 * fixed process might never get a push.
 */
function killMidPush(stack: SystemStack): Promise<{ victim: ServerProcess; killedAt: number }> {
  return new Promise((resolve) => {
    stack.proxy.onMutation = (port) => {
      const victim = stack.servers.find((server) => server.port === port);
      if (!victim) return;
      stack.proxy.onMutation = () => undefined;
      void victim.kill9().then(() => resolve({ victim, killedAt: Date.now() }));
    };
  });
}

/** The drop, then a stall of a few seconds, then the heal; resolves to the heal's time. */
async function dropAndStall(stack: SystemStack): Promise<number> {
  stack.proxy.drop();
  await sleep(300);
  stack.proxy.stall();
  await sleep(STALL_MS);
  stack.proxy.heal();
  return Date.now();
}

/**
 * No process the test did not kill has exited, and each answers /readyz ok: at once, or after its
 * database listener's own reconnect (a backoff of a few seconds after PostgreSQL came back).
 */
async function expectServersUp(stack: SystemStack): Promise<void> {
  for (const server of stack.servers) {
    expect(server.unexpectedExits, `${server.name} needed no restart`).toEqual([]);
    const first = await server.health();
    const since = Date.now();
    await expect
      .poll(() => server.health(), { timeout: HEALTHY_AGAIN_MS, interval: 250 })
      .toBe('200');
    if (first !== '200') {
      console.info(`${server.name} /readyz: ${first} at first, 200 after ${Date.now() - since} ms`);
    }
  }
}

describe.skipIf(binDir === null)(
  'faults on PostgreSQL, two server processes (skipped only where no PostgreSQL binaries are installed)',
  () => {
    let stack: SystemStack | undefined;
    let devices: Device[] = [];

    beforeAll(async () => {
      stack = await startStack({ postgresBin: binDir, servers: 2, tenants: 2 });
      devices = await openDevices(stack);
    }, 90_000);
    afterAll(() => closeAll(devices, stack), 60_000);

    const checkAfter = async (healedAt: number) => {
      if (!stack) throw new Error('no stack');
      await expectLiveAgain(devices, healedAt);
      await settle(devices);
      await stack.withDatabase((database) => expectConverged(devices, database));
    };

    it('a process killed -9 mid-push: its clients go on through the other, it restarts', async () => {
      if (!stack) throw new Error('no stack');
      const load = startLoad(devices);
      const { victim, killedAt } = await killMidPush(stack);
      try {
        // The balancer skips the dead process: the load goes on against the survivor.
        await sleep(LOAD_MS);
        await load.stop();
        await expectLiveAgain(devices, killedAt);
      } finally {
        // Restarted as systemd would, on its port; the balancer sends it connections again.
        await victim.start();
      }
      await settle(devices);
      await stack.withDatabase((database) => expectConverged(devices, database));
      await expectServersUp(stack);
    }, 60_000);

    it('PostgreSQL restarts under load: the processes stay up and serve again', async () => {
      if (!stack?.postgres) throw new Error('no PostgreSQL');
      const load = startLoad(devices);
      await sleep(LOAD_MS / 2);
      await stack.postgres.stop();
      await sleep(LOAD_MS);
      await stack.postgres.start();
      const healedAt = Date.now();
      await load.stop();
      await checkAfter(healedAt);
      await expectServersUp(stack);
    }, 60_000);

    it('the network drops every connection, then stalls, then heals', async () => {
      if (!stack) throw new Error('no stack');
      const load = startLoad(devices);
      await sleep(LOAD_MS / 2);
      const healedAt = await dropAndStall(stack);
      await load.stop();
      await checkAfter(healedAt);
      await expectServersUp(stack);
    }, 60_000);
  },
);

describe('faults on PGlite, one server process on a data directory', () => {
  let stack: SystemStack | undefined;
  let devices: Device[] = [];

  beforeAll(async () => {
    stack = await startStack({ postgresBin: null, servers: 1, tenants: 1 });
    devices = await openDevices(stack);
  }, 90_000);
  afterAll(() => closeAll(devices, stack), 60_000);

  it('killed -9 mid-push and restarted on its directory, then the network drops and stalls', async () => {
    if (!stack) throw new Error('no stack');
    const [server] = stack.servers;
    if (!server) throw new Error('no server');
    let load = startLoad(devices);
    await killMidPush(stack);
    await sleep(LOAD_MS / 2);
    await server.start();
    const restartedAt = Date.now();
    await load.stop();
    await expectLiveAgain(devices, restartedAt);

    load = startLoad(devices);
    await sleep(LOAD_MS / 2);
    const healedAt = await dropAndStall(stack);
    await load.stop();
    await expectLiveAgain(devices, healedAt);
    await settle(devices);
    expect(server.unexpectedExits, 'the process needed no restart but the one killed').toEqual([]);
    expect(await server.health(), '/readyz').toBe('200');
    // The directory is one process's: the checks read it once the server has stopped.
    await stack.withDatabase((database) => expectConverged(devices, database));
  }, 60_000);
});
