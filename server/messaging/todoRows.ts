// Shared plumbing of the to-do writers: load a to-do, publish its new version to the feed of both
// companies, its module topic and the badge counters (settings-messaging-shared §4, §7 "Live
// channel"). Kept apart from the rules so the message, state and mail writers publish alike.

import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { TodoRow } from '../../src/contract/feedRows';
import type { TodoEventType } from '../../src/domain/todos/todoCodes';
import { isTodoModule } from '../../src/domain/todos/todoCodes';
import type { TodoItem } from '../../src/domain/todos/todoItem';
import { TOPICS } from '../../src/domain/todos/topics';
import type { Reader, Tx } from '../db/database';
import { todos } from '../db/schema/index';
import { notFound } from '../http/httpError';
import { counterTargetsOf, emitTodoCounters } from '../live/counters';
import type { ChangeSet } from '../sync/changeSet';
import { loadTodoRows } from '../sync/projections/todos';
import { TODO_SERVER_MESSAGES } from './messages';

export type TodoRecord = typeof todos.$inferSelect;

/** The to-do if the company is its sender or recipient; a 404 otherwise (existence is not told). */
export async function loadTodoOf(
  db: Reader,
  id: number,
  companyId: number,
  message: string = TODO_SERVER_MESSAGES.TODO_NOT_FOUND,
): Promise<TodoRecord> {
  const [todo] = await db.select().from(todos).where(eq(todos.id, id));
  if (!todo || (todo.fromCompanyId !== companyId && todo.toCompanyId !== companyId)) {
    throw notFound(message);
  }
  return todo;
}

/** The fields the domain's inbox predicates read. */
export function itemView(todo: TodoRecord, toContactsName: string | null = null): TodoItem {
  return {
    id: todo.id,
    type: todo.type,
    state: todo.state,
    subject: todo.subject,
    module: todo.module ?? '',
    module_id: todo.moduleId ?? 0,
    from_company_id: todo.fromCompanyId,
    to_company_id: todo.toCompanyId,
    to_contacts_id: todo.toContactsId,
    to_contacts_name: toContactsName,
  };
}

export async function projectTodo(tx: Reader, id: number): Promise<TodoRow> {
  const row = (await loadTodoRows(tx, [id])).get(id);
  if (!row) throw notFound(TODO_SERVER_MESSAGES.TODO_NOT_FOUND);
  return row;
}

/** The rows of these ids, in the given order (lists sort in SQL, then project). */
export async function projectTodos(db: Reader, ids: number[]): Promise<TodoRow[]> {
  const rows = await loadTodoRows(db, ids);
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [row] : [];
  });
}

type Published = {
  /** The to-do as it was before the change (its counters and module topic move too). */
  before: TodoRecord | null;
  after: TodoRecord;
  eventType: TodoEventType;
  /** The state changed: the companies' todo.state topics hear of it. */
  stateChanged: boolean;
};

type TodoPatch = Omit<
  PgUpdateSetSource<typeof todos>,
  'id' | 'version' | 'eventType' | 'writeTime'
>;

/**
 * Changes a stored to-do (bumping its version and write time, recording the event type) and
 * publishes it; `notFoundMessage` answers a row that vanished under the caller.
 */
export async function updateTodo(
  tx: Tx,
  changes: ChangeSet,
  before: TodoRecord,
  patch: TodoPatch,
  options: { eventType: TodoEventType; stateChanged: boolean; notFoundMessage: string },
): Promise<TodoRow> {
  const [after] = await tx
    .update(todos)
    .set({
      ...patch,
      eventType: options.eventType,
      writeTime: sql`now()`,
      version: sql`nextval('sync_version')`,
    })
    .where(eq(todos.id, before.id))
    .returning();
  if (!after) throw notFound(options.notFoundMessage);
  return publishTodo(tx, changes, {
    before,
    after,
    eventType: options.eventType,
    stateChanged: options.stateChanged,
  });
}

/** Feed upsert for both companies, module topic event, state event and counters. */
export async function publishTodo(
  tx: Tx,
  changes: ChangeSet,
  { before, after, eventType, stateChanged }: Published,
): Promise<TodoRow> {
  const row = await projectTodo(tx, after.id);
  const companies = [after.fromCompanyId, after.toCompanyId];
  changes.upsert('todos', row, companies);
  const topics = new Set<string>();
  for (const todo of before ? [before, after] : [after]) {
    if (isTodoModule(todo.module) && todo.moduleId !== null) {
      topics.add(TOPICS.moduleMessages(todo.module, todo.moduleId));
    }
  }
  for (const topic of topics) changes.emit(topic, { event_type: eventType, item: row });
  if (stateChanged) {
    for (const companyId of new Set(companies)) {
      changes.emit(TOPICS.todoState(companyId), {
        id: after.id,
        state: after.state,
        to_contacts_id: after.toContactsId,
        version: row.version,
      });
    }
  }
  await emitTodoCounters(tx, changes, counterTargetsOf(before ? [before, after] : [after]));
  return row;
}
