// Bringing a property run to rest: the faults and crash points still armed are met for a moment,
// then, with everything healed, the queue is left to run (pokes and a sped-up periodic pull
// bring the server's changes) until nothing can move without the user: every entry applied and
// settled, or refused, or waiting behind a refusal. A queue that never gets there is a failure.
import { expect } from 'vitest';
import type { PurchasingDb } from '../../../src/data/db';
import { readIdMapPairs } from '../../../src/data/meta';
import { createdTempIds, type OutboxEntry, unmappedRefs } from '../../../src/sync/core/mutations';
import { explain } from '../../../src/sync/core/ordering';
import type { IdMap } from '../../../src/sync/core/types';
import { loadOutbox } from '../../../src/sync/outbox';
import type { Tab } from './device';
import type { Play } from './play';
import { waitFor } from './wait';

const REST_TIMEOUT_MS = 15_000;
/** The periodic pull, sped up (pokes do the rest). */
const PULL_EVERY_MS = 250;
/** How long the run goes on under the faults not met yet, before healing. */
const RUN_ON_MS = 300;

/**
 * Lets the queue go on for a moment under the faults and crash points not met yet: while the
 * network is up and there is something to meet them (an entry to send, a pull to make).
 */
export async function runOn(play: Play): Promise<void> {
  const { device, faults } = play.ctx;
  const disturbed = () => faults.waiting() > 0 || device.armed();
  if (!device.online || !disturbed()) return;
  void device
    .usable()[0]
    ?.session.pullNow()
    .catch(() => undefined);
  const unsent = async () => {
    const entries = await readOutbox(play);
    return (
      entries === null || entries.some((e) => e.status === 'pending' || e.status === 'sending')
    );
  };
  await waitFor(
    async () => !disturbed() || !(await unsent()),
    'the faults to be met',
    RUN_ON_MS,
  ).catch(() => undefined);
}

/** The outbox as a running tab reads it; null if no tab runs (or the reader died meanwhile). */
async function readOutbox(play: Play): Promise<OutboxEntry[] | null> {
  const tab = play.ctx.device.usable().find((t) => t.db !== null);
  if (!tab?.db) return null;
  const db = tab.db;
  return Promise.race([
    loadOutbox(db).then((outbox) => outbox.entries),
    tab.runtime.died.then(() => null),
  ]);
}

/** One more pull that starts now and ends: rows changed on the server since are on the device. */
export async function finalPull(play: Play): Promise<void> {
  const tab = someTab(play);
  await tab.session.pullNow();
}

/** A tab whose code runs, to read the shared database through and send commands with. */
export function someTab(play: Play): Tab & { db: PurchasingDb } {
  const tab = play.ctx.device.usable().find((t) => t.db !== null);
  if (!tab?.db) throw new Error('no running tab');
  return { ...tab, db: tab.db };
}

/** Why the queue is not at rest yet (null: it is). */
function unrest(entries: readonly OutboxEntry[], idMap: IdMap, userSub: string): string | null {
  const waits = explain(
    entries,
    { userSub, idMap, uploaded: new Map(), paused: false },
    Date.now(),
  );
  const failedCreates = new Set(
    entries.filter((e) => e.status === 'failed').flatMap((e) => createdTempIds(e)),
  );
  for (const entry of entries) {
    const wait = waits.get(entry.id);
    if (wait === 'failed' || wait === 'behind') continue;
    // Waiting for the id of a refused create: it goes (or goes away) with the user's decision.
    if (wait === 'waiting-id' && unmappedRefs(entry, idMap).every((id) => failedCreates.has(id)))
      continue;
    return `${entry.id} (${entry.type}) is ${wait}`;
  }
  return null;
}

/** Pulls now and then until nothing can move without the user: only refusals stand. */
export async function rest(play: Play): Promise<void> {
  const { info } = play.ctx.device;
  let lastPull = 0;
  let why: string | null = 'not looked at yet';
  try {
    await waitFor(
      async () => {
        const tab = someTab(play);
        if (Date.now() - lastPull > PULL_EVERY_MS) {
          lastPull = Date.now();
          void tab.session.pullNow().catch(() => undefined);
        }
        const { entries, unreadable } = await loadOutbox(tab.db);
        expect(unreadable, 'outbox entries the app cannot read').toEqual([]);
        why = unrest(entries, new Map(await readIdMapPairs(tab.db)), info.userSub);
        return why === null;
      },
      'the outbox to come to rest',
      REST_TIMEOUT_MS,
    );
  } catch (error) {
    throw new Error(`the queue never came to rest: ${why}`, { cause: error });
  }
}
