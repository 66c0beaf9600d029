// Real engines in the rush's faults mode: devices that run the product's sync session in Node
// (tests/support/headlessClient.ts: outbox, pushes, pulls, live client over fake-indexeddb) through
// nginx, changing owners and writing messages through their outbox while the faults happen. After
// them, the fault test's checks (tests/system/): every outbox empty, every entry applied once,
// every device's tables equal to the server's projections.
import { eq } from 'drizzle-orm';
import { idempotencyKeys } from '../../server/db/schema/index';
import type { MutationInput } from '../../src/sync/core/mutations';
import type { Row } from '../../src/sync/core/types';
import { type HeadlessClient, openClient } from '../../tests/support/headlessClient';
import { expectDeviceMatches } from '../../tests/sync/property/invariants';
import { ownerOf } from '../../tests/sync/property/screens';
import { companyView } from '../../tests/sync/property/tenant';
import type { Target } from './pusher';
import { type Company, type Deployment, tokenFor } from './stack';

export type EngineDevice = {
  name: string;
  accountId: number;
  client: HeadlessClient;
  targets: Target[];
  /** Subjects of the messages it queued (each must be stored exactly once). */
  subjects: string[];
  entries: number;
  errors: string[];
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Opens `count` engine devices and waits for their first syncs (fake-indexeddb: slow). */
export async function openEngines(
  company: Company,
  deployment: Deployment,
  count: number,
  targets: Target[],
): Promise<{ devices: EngineDevice[]; seconds: number }> {
  const started = performance.now();
  const devices = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const member = company.members[i % company.members.length];
      if (!member) throw new Error('no member');
      const client = await openClient({
        baseUrl: deployment.url,
        userId: member.accountId,
        companies: [company.companyId],
        token: () => tokenFor(company, deployment.url, member.accountId),
      });
      await client.waitSynced({ timeoutMs: 30 * 60_000 });
      return {
        name: `engine${i}`,
        accountId: member.accountId,
        client,
        targets: targets.filter((_, t) => t % count === i),
        subjects: [],
        entries: 0,
        errors: [],
      };
    }),
  );
  return { devices, seconds: (performance.now() - started) / 1000 };
}

/** One change as a screen makes it: an owner change from the row shown, or a message. */
async function change(company: Company, device: EngineDevice, turn: number): Promise<void> {
  const target = device.targets[Math.floor(turn / 2) % device.targets.length];
  if (!target) return;
  const { client } = device;
  let mutation: MutationInput;
  if (turn % 2 === 0) {
    const row = (await client.db.table('sheets').get(target.sheetId)) as
      | { version: number }
      | undefined;
    const others = company.members.filter((m) => m.contactId !== target.ownerId);
    const next = others[turn % others.length];
    if (!row || !next) return;
    mutation = {
      type: 'sheet.changeOwner',
      payload: {
        id: target.sheetId,
        ifMatch: row.version,
        owner: { id: next.contactId, name: next.name },
      },
    };
    target.ownerId = next.contactId;
  } else {
    const me = company.members.find((m) => m.accountId === device.accountId);
    const subject = `早高峰 ${device.name} ${turn}`;
    device.subjects.push(subject);
    mutation = {
      type: 'message.post',
      payload: {
        todoId: await client.session.temporaryId(),
        module: 'INQUERY_QUOTATION_SHEET',
        moduleId: target.sheetId,
        moduleNumber: null,
        subject,
        to: {
          companyId: target.supplierCompanyId,
          companyName: null,
          contactId: null,
          contactName: null,
        },
        from: {
          contactId: me?.contactId ?? 0,
          contactName: me?.name ?? '',
          companyName: null,
          avatar: null,
        },
        files: [],
      },
    };
  }
  await client.enqueue(company.companyId, mutation);
  device.entries++;
}

/** Every device queues a change every `gapMs` until `stop` aborts. */
export async function engineLoad(
  company: Company,
  devices: EngineDevice[],
  gapMs: number,
  stop: AbortSignal,
): Promise<void> {
  await Promise.all(
    devices.map(async (device) => {
      for (let turn = 0; !stop.aborted; turn++) {
        await change(company, device, turn).catch((error: Error) =>
          device.errors.push(error.message),
        );
        await sleep(gapMs);
      }
    }),
  );
}

/**
 * The fault test's checks on each device: the outbox empties (nothing refused), the server
 * stored one answer per entry and each message once, and the device's sheets, orders and to-dos
 * equal the server's projections with their list totals.
 */
export async function checkEngines(company: Company, devices: EngineDevice[]): Promise<string[]> {
  const failures: string[] = [];
  const db = company.database.db;
  await Promise.all(
    devices.map((d) =>
      d.client.waitSynced({ timeoutMs: 120_000 }).catch((e: Error) => failures.push(e.message)),
    ),
  );
  await Promise.all(devices.map((d) => d.client.session.pullNow()));
  const view = await companyView(db, company.companyId);
  const subjects = new Map<string, number>();
  for (const row of view.todos.values()) {
    if (typeof row.subject === 'string')
      subjects.set(row.subject, (subjects.get(row.subject) ?? 0) + 1);
  }
  for (const device of devices) {
    const answers = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.subject, String(device.accountId)));
    if (answers.length < device.entries) {
      failures.push(`${device.name}: ${device.entries} entries, ${answers.length} stored answers`);
    }
    const notOnce = device.subjects.filter((s) => subjects.get(s) !== 1);
    if (notOnce.length > 0)
      failures.push(`${device.name}: ${notOnce.length} messages not stored once`);
    if (device.errors.length > 0) failures.push(`${device.name}: ${device.errors[0]}`);
    const wrong = device.targets.filter(
      (t) => ownerOf((view.sheets.get(t.sheetId) ?? null) as Row | null) !== t.ownerId,
    );
    if (wrong.length > 0)
      failures.push(`${device.name}: ${wrong.length} sheets not with the owner last set`);
    try {
      await expectDeviceMatches(device.client.db, view, device.name);
    } catch (error) {
      failures.push((error as Error).message.split('\n')[0] ?? 'tables differ');
    }
  }
  return failures;
}
