// One step of the supplier simulator: the supplier quotes sent inquiries,
// confirms contracts and cancel requests, moves orders along with their payment and invoice
// states, writing messages to the buyer as it goes, and reads and answers the buyers' chat
// messages. Deterministic: the same database, clock and
// random stream give the same actions. Each action runs in its own `write` transaction, so a long
// backlog never holds the sync lock for long, and one failing record does not undo the others.
// startSimulator (runner.ts) calls this on a timer.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { contacts } from '../../db/schema/index';
import { write } from '../../sync/write';
import { type ActionResult, act } from './actions';
import { dueConditions, findDue, type WorkKind } from './candidates';
import type { SalesContact } from './party';
import { simTiming } from './timing';

/** Records one step touches at most, so a tick stays short however large the backlog. */
export const DEFAULT_LIMIT = 20;

export type SimulateOptions = {
  now: Date;
  /** Uniform in [0, 1): the simulator's only source of chance (prices, refusals, messages). */
  random: () => number;
  /** Act as this supplier contact, on its company's records only; default: every supplier. */
  supplierContactId?: number;
  limit?: number;
  /** SIM_SPEED: divides every waiting time (timing.ts). */
  speed?: number;
  /** Only work buyers started at or after this instant (see Scope.sinceMs); default: all. */
  since?: Date;
  /** Sheet, order and message ids to leave alone this step (the runner's back-off after failures). */
  skip?: { sheets?: readonly number[]; orders?: readonly number[]; messages?: readonly number[] };
};

/**
 * A record whose action failed; `key` names it for the runner's back-off (`sheet:12`, `order:7`,
 * `message:30`).
 */
export type SimFailure = { kind: WorkKind; id: number; key: string; error: unknown };

export type SimSummary = {
  /** What was done, in order, each with the message posted (null: none). */
  actions: ActionResult[];
  /** Records that were due when listed but no longer when their turn came (the buyer acted). */
  stale: number;
  failed: SimFailure[];
};

const TABLE_OF: Record<WorkKind, 'sheet' | 'order' | 'message'> = {
  quote: 'sheet',
  contract: 'sheet',
  cancel: 'order',
  order: 'order',
  reply: 'message',
};

const keyOf = (kind: WorkKind, id: number) => `${TABLE_OF[kind]}:${id}`;

async function forcedContact(db: Db, id: number | undefined): Promise<SalesContact | null> {
  if (id === undefined) return null;
  const [contact] = await db
    .select({ id: contacts.id, companyId: contacts.companyId, name: contacts.name })
    .from(contacts)
    .where(eq(contacts.id, id));
  if (!contact) throw new Error(`simulator: supplier contact ${id} does not exist`);
  return contact;
}

export async function simulateOnce(db: Db, options: SimulateOptions): Promise<SimSummary> {
  const nowMs = options.now.getTime();
  const forced = await forcedContact(db, options.supplierContactId);
  const due = dueConditions(
    {
      supplierCompanyId: forced?.companyId ?? null,
      skipSheets: options.skip?.sheets ?? [],
      skipOrders: options.skip?.orders ?? [],
      skipMessages: options.skip?.messages ?? [],
      sinceMs: options.since?.getTime() ?? null,
    },
    nowMs,
    simTiming(options.speed),
  );
  const work = await findDue(db, due, Math.max(0, Math.floor(options.limit ?? DEFAULT_LIMIT)));
  const summary: SimSummary = { actions: [], stale: 0, failed: [] };
  for (const item of work) {
    try {
      const result = await write(db, (tx, changes) =>
        act({ tx, changes, nowMs, random: options.random, forced, due }, item.kind, item.id),
      );
      if (result === null) {
        summary.stale += 1;
        continue;
      }
      summary.actions.push(result);
    } catch (error) {
      summary.failed.push({ kind: item.kind, id: item.id, key: keyOf(item.kind, item.id), error });
    }
  }
  return summary;
}
