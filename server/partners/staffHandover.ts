// What a handover hands over (settings-messaging-shared §2 "Handover dialog", §4 "Staff"): every
// sheet and order the leaving employee owns, every to-do addressed to them and every buyer they
// follow as sales manager moves to the successor. Each moved row gets a new version and goes
// through the ChangeSet, so the apps' local copies (lists, inbox, "mine" scope) show the new owner.
import { and, eq, sql } from 'drizzle-orm';
import { isTodoModule } from '../../src/domain/todos/todoCodes';
import { TOPICS } from '../../src/domain/todos/topics';
import type { Tx } from '../db/database';
import { companies, orders, sheets, todos } from '../db/schema/index';
import { emitTodoCounters } from '../live/counters';
import type { ChangeSet } from '../sync/changeSet';
import {
  companyAudiences,
  loadCompanyRows,
  publishCompanyRow,
} from '../sync/projections/companies';
import { loadOrderRows } from '../sync/projections/orders';
import { loadSheetRows } from '../sync/projections/sheets';
import { loadTodoRows } from '../sync/projections/todos';

export type HandedOver = { sheets: number; orders: number; todos: number; followed: number };

const bump = sql`nextval('sync_version')`;

export async function handOverWork(
  tx: Tx,
  changes: ChangeSet,
  companyId: number,
  leaverId: number,
  successorId: number,
): Promise<HandedOver> {
  const now = new Date().toISOString();

  const movedSheets = await tx
    .update(sheets)
    .set({ ownerContactId: successorId, writeTime: now, version: bump })
    .where(and(eq(sheets.companyId, companyId), eq(sheets.ownerContactId, leaverId)))
    .returning({ id: sheets.id });
  for (const row of (
    await loadSheetRows(
      tx,
      movedSheets.map((s) => s.id),
    )
  ).values()) {
    changes.upsert('sheets', row, [Number(row.company_id)]);
  }

  // A buyer's clerk owns the buyer side; a supplier's employee may be the supplier contact.
  const ownedOrders = await tx
    .update(orders)
    .set({ ownerContactId: successorId, writeTime: now, version: bump })
    .where(and(eq(orders.companyId, companyId), eq(orders.ownerContactId, leaverId)))
    .returning({ id: orders.id });
  const suppliedOrders = await tx
    .update(orders)
    .set({ supplierContactId: successorId, writeTime: now, version: bump })
    .where(and(eq(orders.supplierCompanyId, companyId), eq(orders.supplierContactId, leaverId)))
    .returning({ id: orders.id });
  const orderIds = [...new Set([...ownedOrders, ...suppliedOrders].map((o) => o.id))];
  for (const row of (await loadOrderRows(tx, orderIds)).values()) {
    changes.upsert('orders', row, [Number(row.company_id)]);
  }

  const movedTodos = await tx
    .update(todos)
    .set({ toContactsId: successorId, eventType: 'UPDATE', writeTime: sql`now()`, version: bump })
    .where(and(eq(todos.toCompanyId, companyId), eq(todos.toContactsId, leaverId)))
    .returning();
  const todoRows = await loadTodoRows(
    tx,
    movedTodos.map((t) => t.id),
  );
  for (const todo of movedTodos) {
    const row = todoRows.get(todo.id);
    if (!row) continue;
    changes.upsert('todos', row, [todo.fromCompanyId, todo.toCompanyId]);
    // An open chat panel replaces the item by id (§4 "Live events": UPDATE).
    if (isTodoModule(todo.module) && todo.moduleId !== null) {
      changes.emit(TOPICS.moduleMessages(todo.module, todo.moduleId), {
        event_type: 'UPDATE',
        item: row,
      });
    }
  }
  if (movedTodos.length > 0) {
    await emitTodoCounters(tx, changes, {
      contactIds: [leaverId, successorId],
      companyIds: [companyId],
    });
  }

  const followed = await tx
    .update(companies)
    .set({ followerContactId: successorId, version: bump })
    .where(eq(companies.followerContactId, leaverId))
    .returning({ id: companies.id });
  if (followed.length > 0) {
    const ids = followed.map((c) => c.id);
    const audiences = await companyAudiences(tx, ids);
    for (const row of (await loadCompanyRows(tx, ids)).values()) {
      publishCompanyRow(changes, row, audiences.get(row.id) ?? [row.id]);
    }
  }

  return {
    sheets: movedSheets.length,
    orders: orderIds.length,
    todos: movedTodos.length,
    followed: followed.length,
  };
}
