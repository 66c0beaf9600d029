// Every change to an order, free of HTTP so the routes, the demo seed and the supplier simulator
// share one code path: the buyer's cancel request, expected arrival date and owner change, and the
// supplier's progress (10 → 90), payment, invoice and cancel confirmation. Each bumps the order's
// version, mirrors the state onto the order's purchase sheet and records both rows in the feed.

import { and, eq, sql } from 'drizzle-orm';
import { PAYMENT_STATES, SUPPLIER_INVOICE_STATES } from '../../src/domain/finance/labels';
import { formatDate } from '../../src/domain/format/date';
import {
  FORECAST_MESSAGES,
  forecastDateProblem,
  isCalendarDate,
  offersForecastEdit,
} from '../../src/domain/orders/forecast';
import {
  ORDER_STATE_CODES,
  ORDER_STATE_NAME,
  type OrderStateCode,
  orderStateLabel,
  toOrderStateCode,
} from '../../src/domain/orders/orderStates';
import { isCancelledOrder } from '../../src/domain/orders/orderTabs';
import { canChangeOrderOwner, canRequestOrderCancel } from '../../src/domain/orders/rules';
import type { Tx } from '../db/database';
import { contacts, orders, type StateLogEntry, sheets } from '../db/schema/index';
import { notFound, refused, versionConflict } from '../http/httpError';
import type { ChangeSet } from '../sync/changeSet';
import { loadOrderRows, orderWithOwner } from '../sync/projections/orders';
import { loadSheetRows } from '../sync/projections/sheets';
import { storedRowOf, storedTextSql } from '../sync/storedRows';

type OrderRecord = typeof orders.$inferSelect;
export type OrderRow =
  Awaited<ReturnType<typeof loadOrderRows>> extends Map<number, infer R> ? R : never;

/** Messages of refusals the spec does not word (ours, listed in docs/decisions.md). */
export const ORDER_MESSAGES = {
  NOT_FOUND: '订单不存在',
  CANCEL_PENDING: '订单已取消或正在申请取消',
  cancelNotAllowed: (state: number) =>
    `订单当前状态为「${orderStateLabel(state)}」，只有合同已签订或合同已执行的订单可以申请取消`,
  FORECAST_IN_PAST: FORECAST_MESSAGES.IN_PAST,
  FORECAST_INVALID_DATE: FORECAST_MESSAGES.INVALID_DATE,
  FORECAST_CLOSED: FORECAST_MESSAGES.CLOSED,
  OWNER_SIGNED: '订单已签收，不能变更负责人',
  OWNER_NOT_STAFF: '负责人只能选择本公司在职员工',
  OWNER_UNCHANGED: '该员工已是当前负责人',
  ADVANCE_CANCELLED: '订单已取消，不能继续推进',
  advanceNotAllowed: (from: number, to: number) =>
    `订单状态不能从「${orderStateLabel(from)}」变为「${orderStateLabel(to)}」`,
  CONFIRM_CANCEL_NOT_REQUESTED: '订单没有待确认的取消申请',
  PAYMENT_STATE_UNKNOWN: '付款状态有误',
  INVOICE_STATE_UNKNOWN: '开票状态有误',
} as const;

/** The forward progression of an order (the cancellation codes are not part of it). */
export const ORDER_PROGRESSION: readonly OrderStateCode[] = ORDER_STATE_CODES.filter((c) => c > 0);

/** From "supplier confirmed" (40) on, the order carries an expected arrival date. */
const FORECAST_FROM_STATE: OrderStateCode = 40;
const FORECAST_LEAD_DAYS = 21;
const DAY_MS = 86_400_000;
const CANCELLED_BASE_STATE = 'CANCELLED';
const SUPPLIER = 'supplier';

const bump = () => sql`nextval('sync_version')`;

function listItemOf(order: OrderRecord) {
  return {
    state: order.state,
    order_base_state: order.baseState,
    supplier_node: { invoice_state: order.invoiceState },
  };
}

/** The order, locked for this transaction; scoped to a company when one is given. */
async function lockOrder(tx: Tx, orderId: number, companyId?: number): Promise<OrderRecord> {
  const where =
    companyId === undefined
      ? eq(orders.id, orderId)
      : and(eq(orders.id, orderId), eq(orders.companyId, companyId));
  const [order] = await tx.select().from(orders).where(where).for('update');
  if (!order) throw notFound(ORDER_MESSAGES.NOT_FOUND);
  return order;
}

/** The order as clients see it (the feed's row, the detail's answer). */
export async function projectOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const row = (await loadOrderRows(tx, [orderId])).get(orderId);
  if (!row) throw notFound(ORDER_MESSAGES.NOT_FOUND);
  return row;
}

async function recordOrder(tx: Tx, changes: ChangeSet, order: OrderRecord): Promise<OrderRow> {
  const row = await projectOrder(tx, order.id);
  changes.upsert('orders', row, [order.companyId]);
  return row;
}

type OrderPatch = Partial<
  Pick<
    OrderRecord,
    | 'state'
    | 'baseState'
    | 'forecastReceiveDate'
    | 'ownerContactId'
    | 'inboundState'
    | 'invoiceState'
    | 'unpaidAmount'
    | 'signTime'
  >
>;

/** Writes the patch (and a state log entry), bumps the version and records the row. */
async function updateOrder(
  tx: Tx,
  changes: ChangeSet,
  order: OrderRecord,
  patch: OrderPatch,
  logEntry?: StateLogEntry,
): Promise<OrderRow> {
  const now = new Date().toISOString();
  const stateChange = logEntry
    ? { stateChangeTime: now, stateLog: [...order.stateLog, logEntry] }
    : {};
  const [updated] = await tx
    .update(orders)
    .set({ ...patch, ...stateChange, writeTime: now, version: bump() })
    .where(eq(orders.id, order.id))
    .returning();
  if (!updated) throw notFound(ORDER_MESSAGES.NOT_FOUND);
  if (logEntry) await mirrorOnSheet(tx, changes, updated, logEntry);
  return recordOrder(tx, changes, updated);
}

/**
 * The purchase list shows ordered sheets by the order's progress (its order-table tabs hold
 * CONTRACT_SIGNED … SIGNED), so the sheet takes the state name of its order's numeric state.
 */
async function mirrorOnSheet(
  tx: Tx,
  changes: ChangeSet,
  order: OrderRecord,
  logEntry: StateLogEntry,
): Promise<void> {
  if (order.sheetId === null) return;
  const code = toOrderStateCode(order.state);
  if (code === null) return;
  const [sheet] = await tx
    .select({ id: sheets.id, stateLog: sheets.stateLog })
    .from(sheets)
    .where(and(eq(sheets.id, order.sheetId), eq(sheets.companyId, order.companyId)))
    .for('update');
  if (!sheet) return;
  const state = ORDER_STATE_NAME[code];
  await tx
    .update(sheets)
    .set({
      state,
      stateChangeTime: logEntry.time,
      stateLog: [...sheet.stateLog, { ...logEntry, state }],
      writeTime: logEntry.time,
      version: bump(),
    })
    .where(eq(sheets.id, sheet.id));
  const row = (await loadSheetRows(tx, [sheet.id])).get(sheet.id);
  if (row) changes.upsert('sheets', row, [order.companyId]);
}

function logEntry(state: number, by: string, extra: { reason?: string } = {}): StateLogEntry {
  // The reason rides along in the log entry (the orders table has no reason column).
  const entry = { state, time: new Date().toISOString(), by, ...extra };
  return entry;
}

// ——— the buyer's changes (routes) ———

export type Actor = { companyId: number; contactName: string };

/**
 * Cancel: the buyer asks (→ −10, base state unchanged); the supplier confirms (confirmCancel:
 * → −20 with base state CANCELLED). Only orders at 10 or 20 may ask.
 */
export async function cancelOrder(
  tx: Tx,
  changes: ChangeSet,
  actor: Actor,
  orderId: number,
  reason?: string,
): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId, actor.companyId);
  if (isCancelledOrder(listItemOf(order))) throw refused(ORDER_MESSAGES.CANCEL_PENDING);
  if (!canRequestOrderCancel(order.state))
    throw refused(ORDER_MESSAGES.cancelNotAllowed(order.state));
  const trimmed = reason?.trim();
  return updateOrder(
    tx,
    changes,
    order,
    { state: -10 },
    logEntry(-10, actor.contactName, trimmed ? { reason: trimmed } : {}),
  );
}

/** The calendar date `days` after `epochMs` in `timeZone` (YYYY-MM-DD). */
export function dateInZone(epochMs: number, timeZone: string, days = 0): string {
  return formatDate(epochMs + days * DAY_MS, timeZone);
}

/**
 * The expected arrival date: a real calendar date, not before today in the company's timezone;
 * refused once the order is signed for or cancelled (the field is hidden then).
 */
export async function setForecastReceiveDate(
  tx: Tx,
  changes: ChangeSet,
  actor: Actor & { timeZone: string },
  orderId: number,
  date: string,
  nowMs = Date.now(),
): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId, actor.companyId);
  if (!isCalendarDate(date)) throw refused(ORDER_MESSAGES.FORECAST_INVALID_DATE);
  if (!offersForecastEdit(listItemOf(order))) throw refused(ORDER_MESSAGES.FORECAST_CLOSED);
  const problem = forecastDateProblem(date, nowMs, actor.timeZone);
  if (problem) throw refused(problem);
  return updateOrder(tx, changes, order, { forecastReceiveDate: date });
}

/**
 * Owner change: an in-service colleague of the order's company other than the present owner;
 * refused when the order is SIGN/SIGNED (90). A stale `ifMatch` answers 409 with the current row.
 */
export async function changeOrderOwner(
  tx: Tx,
  changes: ChangeSet,
  actor: Actor,
  orderId: number,
  followerId: number,
  ifMatch?: number,
): Promise<OrderRow> {
  // The order, locked (owner changes run beside each other, write.ts `rowLocked`), and the
  // proposed owner, in one statement.
  const [found] = await tx
    .select({ order: orders, contact: contacts })
    .from(orders)
    .leftJoin(contacts, eq(contacts.id, followerId))
    .where(and(eq(orders.id, orderId), eq(orders.companyId, actor.companyId)))
    .for('update', { of: orders })
    .prepare('order_owner_change_read')
    .execute();
  if (!found) throw notFound(ORDER_MESSAGES.NOT_FOUND);
  const { order, contact } = found;
  if (ifMatch !== undefined && ifMatch !== order.version) {
    throw versionConflict(await projectOrder(tx, order.id));
  }
  if (!canChangeOrderOwner(order.state)) throw refused(ORDER_MESSAGES.OWNER_SIGNED);
  if (!contact || contact.companyId !== order.companyId || contact.status !== 'IN_SERVICE') {
    throw refused(ORDER_MESSAGES.OWNER_NOT_STAFF);
  }
  if (contact.id === order.ownerContactId) throw refused(ORDER_MESSAGES.OWNER_UNCHANGED);
  // Only the owner moves: the feed's stored row (returned by the update) with it replaced, one
  // statement instead of the whole projection's; projected in full when the feed holds none.
  const [written] = await tx
    .update(orders)
    .set({ ownerContactId: contact.id, writeTime: new Date().toISOString(), version: bump() })
    .where(eq(orders.id, order.id))
    .returning({
      writeTime: orders.writeTime,
      version: orders.version,
      stored: sql<string | null>`${storedTextSql('orders', orders.companyId, orders.id)}`,
    })
    .prepare('order_owner_change_write')
    .execute();
  if (!written) throw notFound(ORDER_MESSAGES.NOT_FOUND);
  const stored = storedRowOf<'orders'>(written.stored);
  // recordOrder projects the order by its id, as written.
  if (!stored) return recordOrder(tx, changes, order);
  const row = orderWithOwner(stored, written, contact);
  changes.upsert('orders', row, [order.companyId]);
  return row;
}

// ——— the supplier's changes (simulator, seed) ———

/**
 * Moves an order forward along 10 → 20 → … → 90 (skipping steps is allowed: a shipment may
 * arrive whole, without a partial receipt). 90 stamps the signing time; from 40 on an order
 * without an expected arrival date gets one three weeks out.
 */
export async function advanceOrder(
  tx: Tx,
  changes: ChangeSet,
  orderId: number,
  nextState: OrderStateCode,
  nowMs = Date.now(),
): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (isCancelledOrder(listItemOf(order))) throw refused(ORDER_MESSAGES.ADVANCE_CANCELLED);
  const from = ORDER_PROGRESSION.indexOf(toOrderStateCode(order.state) ?? 10);
  const to = ORDER_PROGRESSION.indexOf(nextState);
  if (to < 0 || to <= from) throw refused(ORDER_MESSAGES.advanceNotAllowed(order.state, nextState));
  const patch: OrderPatch = { state: nextState };
  if (nextState === 90) patch.signTime = new Date(nowMs).toISOString();
  const forecastFrom = ORDER_PROGRESSION.indexOf(FORECAST_FROM_STATE);
  if (to >= forecastFrom && order.forecastReceiveDate === null && nextState !== 90) {
    patch.forecastReceiveDate = dateInZone(nowMs, 'Asia/Shanghai', FORECAST_LEAD_DAYS);
  }
  return updateOrder(tx, changes, order, patch, logEntry(nextState, SUPPLIER));
}

function money(value: number): string {
  return value.toFixed(2);
}

/**
 * Payment progress as the supplier records it (its inbound state). The unpaid amount follows:
 * paid → 0, nothing paid → the whole total, partial → the given amount (default: half).
 */
export async function setInboundState(
  tx: Tx,
  changes: ChangeSet,
  orderId: number,
  inboundState: string,
  unpaidAmount?: number,
): Promise<OrderRow> {
  if (!PAYMENT_STATES.is(inboundState)) throw refused(ORDER_MESSAGES.PAYMENT_STATE_UNKNOWN);
  const order = await lockOrder(tx, orderId);
  const total = Number(order.taxedAmount ?? 0);
  let unpaid: number;
  if (unpaidAmount !== undefined) unpaid = Math.min(Math.max(unpaidAmount, 0), total);
  else if (inboundState === 'RECEIPTED') unpaid = 0;
  else if (inboundState === 'PARTIAL_RECEIPT' || inboundState === 'PARTIAL_REFUSED') {
    unpaid = Math.round(total * 50) / 100;
  } else unpaid = total;
  return updateOrder(tx, changes, order, { inboundState, unpaidAmount: money(unpaid) });
}

/** Invoice progress as the supplier records it (INVOICE, NO_INVOICE, PARTIAL). */
export async function setInvoiceState(
  tx: Tx,
  changes: ChangeSet,
  orderId: number,
  invoiceState: string,
): Promise<OrderRow> {
  if (!SUPPLIER_INVOICE_STATES.is(invoiceState)) {
    throw refused(ORDER_MESSAGES.INVOICE_STATE_UNKNOWN);
  }
  const order = await lockOrder(tx, orderId);
  return updateOrder(tx, changes, order, { invoiceState });
}

/** The supplier accepts a cancel request: −10 → −20, base state CANCELLED. */
export async function confirmCancel(
  tx: Tx,
  changes: ChangeSet,
  orderId: number,
): Promise<OrderRow> {
  const order = await lockOrder(tx, orderId);
  if (order.state !== -10) throw refused(ORDER_MESSAGES.CONFIRM_CANCEL_NOT_REQUESTED);
  return updateOrder(
    tx,
    changes,
    order,
    { state: -20, baseState: CANCELLED_BASE_STATE },
    logEntry(-20, SUPPLIER),
  );
}
