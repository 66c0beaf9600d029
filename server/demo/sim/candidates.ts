// The supplier's due work, found by time: sent inquiries that have waited long enough, contracts
// under audit, cancel requests, orders whose last change is older than the dwell, and buyers'
// chat messages to the supplier still unread after a short while. Each kind has one condition,
// used both to find the work and, inside the action's transaction, to check that the record is
// still due (the buyer may have acted in between).
import {
  and,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { SHEET_STATE_GROUP, SHEET_STATES } from '../../../src/domain/purchase/sheetStates';
import type { Db, Tx } from '../../db/database';
import { companies, orders, sheets, todos } from '../../db/schema/index';
import { ORDER_PROGRESSION } from '../../purchasing/orderService';
import type { SimTiming } from './timing';

export type WorkKind = 'quote' | 'contract' | 'cancel' | 'order' | 'reply';

export type Due = { kind: WorkKind; id: number; dueMs: number };

export type Scope = {
  /** Only this supplier's records (the forced sales contact's company); all suppliers when null. */
  supplierCompanyId: number | null;
  /** Records left alone this step (e.g. ones that failed recently), by kind of table. */
  skipSheets: readonly number[];
  skipOrders: readonly number[];
  /** Chat messages left alone this step. */
  skipMessages: readonly number[];
  /**
   * Only work that buyers started at or after this instant (the running server's start), so the
   * demo data keeps every state on display; null: everything due.
   */
  sinceMs: number | null;
};

/** Sent inquiries waiting for the supplier (the 已询价 group). */
export const INQUIRED_STATES = SHEET_STATES.filter((s) => SHEET_STATE_GROUP[s] === 'INQUIRED');
/** Orders the supplier still moves along (every progression state but the last, 90). */
const MOVABLE_ORDER_STATES = ORDER_PROGRESSION.slice(0, -1);
const CANCEL_REQUESTED = -10;
const CANCELLED_BASE_STATE = 'CANCELLED';

const iso = (ms: number) => new Date(ms).toISOString();

type Conditions = Record<WorkKind, SQL | undefined>;

/** When each kind of record becomes due, and the conditions of "due at `nowMs`". */
export function dueConditions(scope: Scope, nowMs: number, timing: SimTiming) {
  const sheetScope = and(
    scope.supplierCompanyId === null
      ? undefined
      : eq(sheets.supplierCompanyId, scope.supplierCompanyId),
    scope.skipSheets.length ? notInArray(sheets.id, [...scope.skipSheets]) : undefined,
  );
  const orderScope = and(
    scope.supplierCompanyId === null
      ? undefined
      : eq(orders.supplierCompanyId, scope.supplierCompanyId),
    scope.skipOrders.length ? notInArray(orders.id, [...scope.skipOrders]) : undefined,
    or(isNull(orders.baseState), ne(orders.baseState, CANCELLED_BASE_STATE)),
  );
  const messageScope = and(
    eq(todos.type, 'MESSAGE'),
    isNotNull(todos.moduleId),
    scope.supplierCompanyId === null
      ? inArray(
          todos.toCompanyId,
          sql`(select ${companies.id} from ${companies} where ${companies.role} = 'SUPPLIER')`,
        )
      : eq(todos.toCompanyId, scope.supplierCompanyId),
    inArray(
      todos.fromCompanyId,
      sql`(select ${companies.id} from ${companies} where ${companies.role} = 'BUYER')`,
    ),
    scope.skipMessages.length ? notInArray(todos.id, [...scope.skipMessages]) : undefined,
  );
  const since = scope.sinceMs === null ? null : iso(scope.sinceMs);
  const conditions: Conditions = {
    quote: and(
      sheetScope,
      since ? gte(sheets.stateChangeTime, since) : undefined,
      inArray(sheets.state, INQUIRED_STATES),
      lte(sheets.stateChangeTime, iso(nowMs - timing.quoteAgeMs)),
    ),
    contract: and(
      sheetScope,
      since ? gte(sheets.stateChangeTime, since) : undefined,
      eq(sheets.state, 'CONTRACT_AUDITING'),
      lte(sheets.stateChangeTime, iso(nowMs - timing.contractAgeMs)),
    ),
    cancel: and(
      orderScope,
      since ? gte(orders.writeTime, since) : undefined,
      eq(orders.state, CANCEL_REQUESTED),
      lte(orders.writeTime, iso(nowMs - timing.cancelAgeMs)),
    ),
    order: and(
      orderScope,
      since ? gte(orders.createTime, since) : undefined,
      inArray(orders.state, [...MOVABLE_ORDER_STATES]),
      lte(orders.writeTime, iso(nowMs - timing.orderDwellMs)),
    ),
    reply: and(
      messageScope,
      since ? gte(todos.createTime, since) : undefined,
      eq(todos.state, 'UNREAD'),
      lte(todos.createTime, iso(nowMs - timing.replyAgeMs)),
    ),
  };
  const waits: Record<WorkKind, number> = {
    quote: timing.quoteAgeMs,
    contract: timing.contractAgeMs,
    cancel: timing.cancelAgeMs,
    order: timing.orderDwellMs,
    reply: timing.replyAgeMs,
  };
  return { conditions, waits };
}

export type DueConditions = ReturnType<typeof dueConditions>;

const epochMs = (
  column: typeof sheets.stateChangeTime | typeof orders.writeTime | typeof todos.createTime,
) => sql<number>`(extract(epoch from ${column}) * 1000)::float8`;

/** Which kinds live in which table, and the time their wait is measured from. */
const SOURCES = {
  quote: { table: sheets, id: sheets.id, since: sheets.stateChangeTime },
  contract: { table: sheets, id: sheets.id, since: sheets.stateChangeTime },
  cancel: { table: orders, id: orders.id, since: orders.writeTime },
  order: { table: orders, id: orders.id, since: orders.writeTime },
  reply: { table: todos, id: todos.id, since: todos.createTime },
} as const;

const KIND_ORDER: readonly WorkKind[] = ['cancel', 'contract', 'quote', 'order', 'reply'];

/**
 * Up to `limit` due records, the longest-overdue first (ties: cancels, contracts, quotes, orders,
 * then replies; then by id), so a backlog is worked off in order and every kind gets its turn.
 */
export async function findDue(db: Db, due: DueConditions, limit: number): Promise<Due[]> {
  if (limit <= 0) return [];
  const found: Due[] = [];
  for (const kind of KIND_ORDER) {
    const source = SOURCES[kind];
    const rows = await db
      .select({ id: source.id, since: epochMs(source.since) })
      .from(source.table)
      .where(due.conditions[kind])
      .orderBy(source.since, source.id)
      .limit(limit);
    for (const row of rows) found.push({ kind, id: row.id, dueMs: row.since + due.waits[kind] });
  }
  found.sort(
    (a, b) =>
      a.dueMs - b.dueMs || KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.id - b.id,
  );
  return found.slice(0, limit);
}

/** Whether the record is still due (checked inside the action's transaction). */
export async function stillDue(tx: Tx, due: DueConditions, kind: WorkKind, id: number) {
  const source = SOURCES[kind];
  const [row] = await tx
    .select({ id: source.id })
    .from(source.table)
    .where(and(due.conditions[kind], eq(source.id, id)));
  return row !== undefined;
}
