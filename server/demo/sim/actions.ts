// One supplier action on one record, run inside its own `write` transaction by simulateOnce:
// quote an inquiry, confirm a contract (which creates the order), confirm a cancel request, take
// the next step of an order (payment, invoice or state, with its boxes and invoices:
// orderDocuments.ts), or read a buyer's chat message and perhaps answer it. Every change goes
// through the services the API uses (sheetSupplier, orderService, todoService), so the feed and
// the live channel carry it.
import { eq } from 'drizzle-orm';
import { isTodoModule } from '../../../src/domain/todos/todoCodes';
import type { Tx } from '../../db/database';
import { orders, sheets, todos } from '../../db/schema/index';
import { contactActor } from '../../messaging/actor';
import { loadModuleRecord } from '../../messaging/moduleRecords';
import { postMessage, setTodoState } from '../../messaging/todoService';
import {
  advanceOrder,
  confirmCancel,
  setInboundState,
  setInvoiceState,
} from '../../purchasing/orderService';
import { confirmContract, quoteSheet } from '../../purchasing/sheetSupplier';
import type { ChangeSet } from '../../sync/changeSet';
import type { DueConditions, WorkKind } from './candidates';
import { stillDue } from './candidates';
import { SIM_MESSAGES } from './messages';
import { updateOrderDocuments } from './orderDocuments';
import { nextOrderStep } from './orderPlan';
import { type BuyerRecord, followerOf, type SalesContact, salesContact, tellBuyer } from './party';
import { planQuote } from './quoting';
import { answers, replyText } from './replies';

export type SimAction =
  | { kind: 'quote'; sheetId: number; state: string }
  | { kind: 'contract'; sheetId: number; orderId: number }
  | { kind: 'cancel'; orderId: number }
  | { kind: 'payment'; orderId: number; inboundState: string }
  | { kind: 'invoice'; orderId: number; invoiceState: string }
  | { kind: 'advance'; orderId: number; from: number; to: number }
  | { kind: 'reply'; messageId: number };

/** An action and the message posted with it (null: none). */
export type ActionResult = SimAction & { message: string | null };

export type ActionContext = {
  tx: Tx;
  changes: ChangeSet;
  nowMs: number;
  random: () => number;
  forced: SalesContact | null;
  due: DueConditions;
};

/** The chance of a word on an order step that has no message of its own. */
const PROGRESS_MESSAGE_CHANCE = 0.2;

async function withMessage(
  ctx: ActionContext,
  action: SimAction,
  record: BuyerRecord,
  from: SalesContact | null,
  text: string | null,
): Promise<ActionResult> {
  if (text !== null) await tellBuyer(ctx.tx, ctx.changes, record, from, text);
  return { ...action, message: text };
}

async function sheetOf(tx: Tx, id: number) {
  const [sheet] = await tx.select().from(sheets).where(eq(sheets.id, id));
  if (!sheet) throw new Error(`sheet ${id} vanished`);
  return sheet;
}

async function orderOf(tx: Tx, id: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new Error(`order ${id} vanished`);
  return order;
}

const sheetRecord = (sheet: typeof sheets.$inferSelect): BuyerRecord => ({
  module: 'INQUERY_QUOTATION_SHEET',
  id: sheet.id,
  buyerCompanyId: sheet.companyId,
  supplierCompanyId: sheet.supplierCompanyId,
  ownerContactId: sheet.ownerContactId,
});

const orderRecord = (order: typeof orders.$inferSelect): BuyerRecord => ({
  module: 'ORDER',
  id: order.id,
  buyerCompanyId: order.companyId,
  supplierCompanyId: order.supplierCompanyId,
  ownerContactId: order.ownerContactId,
});

async function quote(ctx: ActionContext, sheetId: number): Promise<ActionResult> {
  const sheet = await sheetOf(ctx.tx, sheetId);
  const plan = await planQuote(ctx.tx, sheet.id, ctx.random, ctx.nowMs);
  const row = await quoteSheet(ctx.tx, ctx.changes, sheet.id, plan.quotes);
  const state = String(row.state);
  const from = await salesContact(
    ctx.tx,
    sheet.supplierCompanyId,
    [await followerOf(ctx.tx, sheet.companyId)],
    ctx.forced,
  );
  const text =
    state !== 'INQUIRY_REPLIED'
      ? SIM_MESSAGES.notQuoted(sheet.name)
      : plan.ccc
        ? SIM_MESSAGES.quotedWithCcc(sheet.name)
        : SIM_MESSAGES.quoted(sheet.name);
  return withMessage(ctx, { kind: 'quote', sheetId, state }, sheetRecord(sheet), from, text);
}

async function contract(ctx: ActionContext, sheetId: number): Promise<ActionResult> {
  const sheet = await sheetOf(ctx.tx, sheetId);
  const from = await salesContact(
    ctx.tx,
    sheet.supplierCompanyId,
    [await followerOf(ctx.tx, sheet.companyId)],
    ctx.forced,
  );
  if (!from) throw new Error(`supplier ${sheet.supplierCompanyId} has no contact in service`);
  const { order } = await confirmContract(ctx.tx, ctx.changes, sheet.id, from.id);
  const text = SIM_MESSAGES.contractSigned(sheet.name, String(order.name));
  const action = { kind: 'contract', sheetId, orderId: order.id } as const;
  return withMessage(ctx, action, sheetRecord(sheet), from, text);
}

async function orderSpeaker(ctx: ActionContext, order: typeof orders.$inferSelect) {
  const preferred = [order.supplierContactId, await followerOf(ctx.tx, order.companyId)];
  return salesContact(ctx.tx, order.supplierCompanyId, preferred, ctx.forced);
}

async function cancel(ctx: ActionContext, orderId: number): Promise<ActionResult> {
  const order = await orderOf(ctx.tx, orderId);
  await confirmCancel(ctx.tx, ctx.changes, order.id);
  const from = await orderSpeaker(ctx, order);
  const text = SIM_MESSAGES.cancelConfirmed(order.name);
  return withMessage(ctx, { kind: 'cancel', orderId }, orderRecord(order), from, text);
}

/** What the supplier says about an order's new state (some steps only now and then). */
function advanceText(
  orderNo: string,
  to: number,
  forecast: string | null,
  random: () => number,
): string | null {
  if (to === 40) return SIM_MESSAGES.confirmed(orderNo, forecast);
  if (to === 80) return SIM_MESSAGES.shipped(orderNo);
  if (random() >= PROGRESS_MESSAGE_CHANCE) return null;
  return to === 90 ? SIM_MESSAGES.signed(orderNo) : SIM_MESSAGES.progressed(orderNo, to);
}

async function progress(ctx: ActionContext, orderId: number): Promise<ActionResult | null> {
  const order = await orderOf(ctx.tx, orderId);
  const step = nextOrderStep(order, ctx.random);
  if (!step) return null;
  const { tx, changes } = ctx;
  let action: SimAction;
  let text: string | null;
  if (step.kind === 'payment') {
    await setInboundState(tx, changes, order.id, step.inboundState, step.unpaidAmount);
    action = { kind: 'payment', orderId, inboundState: step.inboundState };
    text =
      step.inboundState === 'RECEIPTED'
        ? SIM_MESSAGES.paymentReceived(order.name)
        : SIM_MESSAGES.partialPaymentReceived(order.name);
  } else if (step.kind === 'invoice') {
    await setInvoiceState(tx, changes, order.id, step.invoiceState);
    action = { kind: 'invoice', orderId, invoiceState: step.invoiceState };
    text = step.invoiceState === 'INVOICE' ? SIM_MESSAGES.invoiced(order.name) : null;
  } else {
    const row = await advanceOrder(tx, changes, order.id, step.to, ctx.nowMs);
    action = { kind: 'advance', orderId, from: order.state, to: step.to };
    const forecast =
      typeof row.forecast_receive_date === 'string' ? row.forecast_receive_date : null;
    text = advanceText(order.name, step.to, forecast, ctx.random);
  }
  await updateOrderDocuments(tx, changes, order.id, step.kind, ctx.nowMs, ctx.random);
  return withMessage(ctx, action, orderRecord(order), await orderSpeaker(ctx, order), text);
}

/**
 * A buyer's message to the supplier: the contact it is addressed to (else the record's sales
 * contact) reads it and, for a question always and otherwise by chance, answers the buyer who
 * wrote it on the same record.
 */
async function reply(ctx: ActionContext, messageId: number): Promise<ActionResult | null> {
  const { tx, changes } = ctx;
  const [message] = await tx.select().from(todos).where(eq(todos.id, messageId));
  if (!message || !isTodoModule(message.module) || message.moduleId === null) return null;
  const record = await loadModuleRecord(tx, message.module, message.moduleId);
  if (!record) return null;
  const preferred = [
    message.toContactsId,
    record.supplierContactId,
    await followerOf(tx, record.buyerCompanyId),
  ];
  const from = await salesContact(tx, message.toCompanyId, preferred, ctx.forced);
  if (!from) throw new Error(`supplier ${message.toCompanyId} has no contact in service`);
  await setTodoState(tx, changes, message.id, 'READ', contactActor(from), 'MESSAGE');
  const action = { kind: 'reply', messageId } as const;
  if (!answers(message.subject, ctx.random)) return { ...action, message: null };
  const text = replyText(message.subject, message.files.length > 0, record.number, ctx.random);
  await postMessage(tx, changes, {
    module: record.module,
    module_id: record.id,
    subject: text,
    to_company_id: message.fromCompanyId,
    to_contacts_id: message.fromContactsId,
    todo_files: [],
    fromContactId: from.id,
    fromCompanyId: from.companyId,
  });
  return { ...action, message: text };
}

const ACTIONS: Record<WorkKind, (ctx: ActionContext, id: number) => Promise<ActionResult | null>> =
  { quote, contract, cancel, order: progress, reply };

/** Acts on the record if it is still due; null when it no longer is (or has nothing to do). */
export async function act(
  ctx: ActionContext,
  kind: WorkKind,
  id: number,
): Promise<ActionResult | null> {
  if (!(await stillDue(ctx.tx, ctx.due, kind, id))) return null;
  return ACTIONS[kind](ctx, id);
}
