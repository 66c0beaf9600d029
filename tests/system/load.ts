// What the fault test's users do and what it checks afterwards: per tenant a user and an admin
// device change owners, save drafts, write messages and make drafts on rows of their own (no
// refusal between them); afterwards every outbox empty, each entry applied once, every device
// equal to the server's projections, and pokes heard again within 10 s of a fault's end.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../server/db/database';
import { idempotencyKeys } from '../../server/db/schema/index';
import type { MutationInput, MutationType } from '../../src/sync/core/mutations';
import { loadOutbox } from '../../src/sync/outbox';
import { type HeadlessClient, openClient } from '../support/headlessClient';
import { expectDeviceMatches } from '../sync/property/invariants';
import type { Step } from '../sync/property/scenario';
import { ownerOf, Screens } from '../sync/property/screens';
import { companyView, markedTexts, type Tenant } from '../sync/property/tenant';
import { waitFor } from '../sync/property/wait';
import type { SystemStack } from './stack';

/** The bound: live events flow again within 10 s of the fault's end. */
export const LIVE_AGAIN_MS = 10_000;
/** Between two changes of one device while the load runs. */
const GAP_MS = 150;
/**
 * The peer's change on the device once pokes flow: not the bound (its entry may still
 * wait for a retry after the fault), only a wait that ends.
 */
const SHOWN_MS = 30_000;
/**
 * The jitter of the clients' retry backoff, low: after a fault of a few seconds a queue has been
 * refused several times, and a full jitter (Math.random) would make the wait for the next try up
 * to a minute, longer than a CI run should spend. The backoff's shape is unchanged.
 */
const RETRY_JITTER = 0.05;
/** Between two probes of one device while some device has not heard a poke yet. */
const PROBE_EVERY_MS = 1000;

interface Made {
  id: string;
  type: MutationType;
  mutation: MutationInput;
  marker: string | null;
}

export interface Device {
  name: string;
  role: 'user' | 'admin';
  tenant: Tenant;
  account: number;
  client: HeadlessClient;
  screens: Screens;
  made: Made[];
  plan: Step[];
}

const USER_PLAN: Step[] = [
  { kind: 'owner', tab: 0, target: 'sheet0', to: 'colleague' },
  { kind: 'message', tab: 0, thread: 'sheet0' },
  { kind: 'save', tab: 0, target: 'sheet0' },
  { kind: 'create', tab: 0, owner: 'creator' },
  { kind: 'owner', tab: 0, target: 'sheet0', to: 'user' },
];
const ADMIN_PLAN: Step[] = [
  { kind: 'owner', tab: 0, target: 'sheet1', to: 'admin' },
  { kind: 'create', tab: 0, owner: 'colleague' },
  { kind: 'owner', tab: 0, target: 'sheet1', to: 'colleague' },
];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function openDevices(stack: SystemStack): Promise<Device[]> {
  const devices: Device[] = [];
  for (const [t, tenant] of stack.tenants.entries()) {
    for (const role of ['user', 'admin'] as const) {
      const account = role === 'user' ? tenant.userAccount : tenant.adminAccount;
      const name = `${role}${t}`;
      const client = await openClient({
        baseUrl: stack.proxy.url,
        userId: account,
        companies: [tenant.companyId],
        token: () => stack.token(account),
        random: () => RETRY_JITTER,
      });
      const screens = new Screens(tenant, name);
      const plan = role === 'user' ? USER_PLAN : ADMIN_PLAN;
      devices.push({ name, role, tenant, account, client, screens, made: [], plan });
    }
  }
  for (const device of devices) {
    await waitFor(
      async () => (await device.client.localRows('sheets', device.tenant.companyId)).length > 0,
      `${device.name}'s first pull`,
      20_000,
    );
  }
  return devices;
}

/** One change as the device's screen would make it now. */
async function act(device: Device, step: Step): Promise<void> {
  const { client, screens, tenant } = device;
  const built = await screens.build(client.session, client.db, step);
  if (!built) return;
  const id = await client.enqueue(tenant.companyId, built.mutation);
  device.made.push({
    id,
    type: built.mutation.type,
    mutation: built.mutation,
    marker: built.marker,
  });
}

export interface Load {
  /** Ends the loops; rejects with the first error a device met while changing things. */
  stop(): Promise<void>;
}

const loads = new Set<Load>();

/** Every device changes things, one change every GAP_MS, until `stop()`. */
export function startLoad(devices: Device[]): Load {
  let running = true;
  const errors: unknown[] = [];
  const loops = devices.map(async (device) => {
    for (let n = 0; running; n += 1) {
      const step = device.plan[n % device.plan.length];
      if (step) await act(device, step).catch((error: unknown) => errors.push(error));
      await sleep(GAP_MS);
    }
  });
  const load: Load = {
    async stop() {
      running = false;
      loads.delete(load);
      await Promise.all(loops);
      if (errors.length > 0) throw errors[0];
    },
  };
  loads.add(load);
  return load;
}

/** Stops loads a failed test left running (before its clients close). */
export async function stopLoads(): Promise<void> {
  await Promise.allSettled([...loads].map((load) => load.stop()));
}

/**
 * After a fault ended at `healedAt`: each device makes a change of a row the load leaves alone
 * (the admin the order's owner, the user a message in the order's thread), again every second
 * until every device has heard a change's poke since the healing: a socket back after a change
 * missed its poke (its reconnect pulled instead), so one change is not enough. Each must hear
 * one within LIVE_AGAIN_MS of the healing, and then show its peer's last change.
 */
export async function expectLiveAgain(devices: Device[], healedAt: number): Promise<void> {
  const deadline = healedAt + LIVE_AGAIN_MS;
  const deaf = () =>
    devices.filter((d) => d.client.changePokesSince(d.tenant.companyId, healedAt).length === 0);
  const probes = new Map<Device, Made>();
  // At least one round, so each device's peer has a change of its own to show.
  do {
    for (const device of devices) {
      const step: Step =
        device.role === 'admin'
          ? { kind: 'owner', tab: 0, target: 'order', to: 'colleague' }
          : { kind: 'message', tab: 0, thread: 'order' };
      await act(device, step);
      const made = device.made.at(-1);
      if (made) probes.set(device, made);
    }
    const next = Date.now() + PROBE_EVERY_MS;
    while (deaf().length > 0 && Date.now() < next) await sleep(20);
  } while (deaf().length > 0 && Date.now() < deadline);
  const late = deaf();
  if (late.length > 0) {
    const names = late.map((d) => d.name).join(', ');
    throw new Error(
      `no poke within ${LIVE_AGAIN_MS} ms at ${names}\n${await report(devices, healedAt)}`,
    );
  }
  const after: string[] = [];
  for (const device of devices) {
    const heard = device.client.changePokesSince(device.tenant.companyId, healedAt)[0] ?? Infinity;
    expect(heard - healedAt, `${device.name} hears pokes again`).toBeLessThanOrEqual(LIVE_AGAIN_MS);
    after.push(`${device.name} ${heard - healedAt} ms`);
  }
  console.info(`pokes again after the fault: ${after.join(', ')}`);
  for (const device of devices) {
    const peer = devices.find((d) => d.tenant === device.tenant && d !== device);
    const probe = peer && probes.get(peer);
    if (!peer || !probe) continue;
    await waitFor(
      () => shows(device, probe),
      `${peer.name}'s change at ${device.name}`,
      SHOWN_MS,
    ).catch(async (error: unknown) => {
      const order = (await device.client.localRows('orders', device.tenant.companyId)).find(
        (row) => row.id === device.tenant.order,
      );
      const held = `order v${order?.version} owner ${ownerOf(order ?? null)}`;
      const wanted = JSON.stringify(probe.mutation.payload);
      throw new Error(
        `${String(error)}: ${held}, probe ${probe.id} ${wanted}\n${await report(devices, healedAt)}`,
      );
    });
  }
}

/** What each device heard and holds, for a failure's message. */
async function report(devices: Device[], since: number): Promise<string> {
  const lines: string[] = [];
  for (const { name, client } of devices) {
    const statuses = client.liveEvents.flatMap((e) => (e.kind === 'status' ? [e.status] : []));
    const frames = client.frames
      .filter((f) => f.at >= since - 2000)
      .map((f) => `${f.at - since}:${f.frame.type}:${String(f.frame.topic ?? '')}`);
    const outbox = (await loadOutbox(client.db)).entries.map((e) => `${e.type}/${e.status}`);
    lines.push(
      `${name}: live ${statuses.slice(-4).join(' → ')}; frames ${frames.slice(-8).join(' ')}; outbox ${outbox.join(' ')}`,
    );
  }
  return lines.join('\n');
}

/** Whether the device shows the peer's probe: the order's new owner, or the message. */
async function shows(device: Device, probe: Made): Promise<boolean> {
  const { client, tenant } = device;
  if (probe.mutation.type === 'order.changeOwner') {
    const wanted = probe.mutation.payload.owner.id;
    const order = (await client.localRows('orders', tenant.companyId)).find(
      (row) => row.id === tenant.order,
    );
    return ownerOf(order ?? null) === wanted;
  }
  const marker = probe.marker ?? '\0';
  const todos = await client.localRows('todos', tenant.companyId);
  return todos.some((row) => typeof row.subject === 'string' && row.subject.endsWith(marker));
}

/** Every outbox empties, then every device pulls once more (the others' last changes). */
export async function settle(devices: Device[]): Promise<void> {
  await Promise.all(devices.map((device) => device.client.waitSynced({ timeoutMs: 40_000 })));
  await Promise.all(devices.map((device) => device.client.session.pullNow()));
}

/** Each entry applied exactly once, and every device equal to the server's projections. */
export async function expectConverged(devices: Device[], database: Database): Promise<void> {
  const db = database.db;
  for (const device of devices) {
    const stored = await db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.subject, String(device.account)));
    const made = new Set(device.made.map((m) => m.id));
    const byKey = new Map<string, number>();
    for (const row of stored) {
      expect(made.has(row.key), `${device.name}: ${row.key} on the server was never made`).toBe(
        true,
      );
      if (row.status === 200) byKey.set(row.key, (byKey.get(row.key) ?? 0) + 1);
    }
    const view = await companyView(db, device.tenant.companyId);
    const texts = markedTexts(view);
    for (const entry of device.made) {
      expect(byKey.get(entry.id), `${device.name}: ${entry.type} ${entry.id} applied once`).toBe(1);
      if (entry.marker === null) continue;
      const marker = entry.marker;
      expect(
        texts.filter((text) => text.endsWith(marker)).length,
        `${device.name}: rows made by ${entry.type} ${marker}`,
      ).toBe(1);
    }
    await expectDeviceMatches(device.client.db, view, device.name);
  }
}
