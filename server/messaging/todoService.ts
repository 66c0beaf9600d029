// The to-do and message writes (settings-messaging-shared §4 "Message and to-do", §5 "Message
// panel", §6 take-over, §7 "To-dos and messages"): post a message on a sheet or order, change a
// to-do's state (read, processed, favourite), re-bind it to another record, delete a message.
// Free of Fastify: routes and the supplier simulator call the same functions inside `write`.

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TodoRow } from '../../src/contract/feedRows';
import { validateDuplicateName, validateFileCount } from '../../src/domain/files/uploads';
import { canDeleteMessage } from '../../src/domain/todos/mails';
import {
  MAX_MESSAGE_PRODUCT_ATTACHMENTS,
  prefixSubject,
  validateSendContent,
} from '../../src/domain/todos/messagePanel';
import {
  CUSTOMER_SERVICE_COMPANY_IDS,
  type TodoModule,
  type TodoState,
  type TodoType,
} from '../../src/domain/todos/todoCodes';
import { applyStateChange, canFavourite, canMarkProcessed } from '../../src/domain/todos/todoRules';
import type { Tx } from '../db/database';
import { companies, contacts, files, todos } from '../db/schema/index';
import type { TodoFile } from '../db/schema/messaging';
import { badRequest, forbidden, notFound, refused } from '../http/httpError';
import { counterTargetsOf, emitTodoCounters } from '../live/counters';
import { contactNotDeleted } from '../partners/deletedContacts';
import type { ChangeSet } from '../sync/changeSet';
import type { Actor } from './actor';
import { TODO_SERVER_MESSAGES as M } from './messages';
import { isParty, loadModuleRecord } from './moduleRecords';
import {
  itemView,
  loadTodoOf,
  projectTodo,
  publishTodo,
  type TodoRecord,
  updateTodo,
} from './todoRows';

export type MessageInput = {
  module: TodoModule;
  module_id: number;
  subject: string;
  to_company_id: number;
  to_contacts_id?: number | null | undefined;
  /** object_name of files the sender's company uploaded (POST /api/v7/files). */
  todo_files: string[];
  fromContactId: number | null;
  fromCompanyId: number;
  /** The sender's companies, for the @-prefix rule; the sending company alone by default. */
  senderCompanyIds?: number[] | undefined;
};

/** The attachments, each an undeleted upload of the sender's company, in the order sent. */
async function attachmentsOf(tx: Tx, companyId: number, names: string[]): Promise<TodoFile[]> {
  const countProblem = validateFileCount(names.length, MAX_MESSAGE_PRODUCT_ATTACHMENTS);
  if (countProblem) throw refused(countProblem);
  if (names.length === 0) return [];
  const rows = await tx
    .select()
    .from(files)
    .where(
      and(
        eq(files.companyId, companyId),
        eq(files.deleted, false),
        inArray(files.objectName, names),
      ),
    );
  const byName = new Map(rows.map((row) => [row.objectName, row]));
  const attached: TodoFile[] = [];
  for (const name of names) {
    const file = byName.get(name);
    if (!file) throw refused(M.ATTACHMENT_NOT_FOUND);
    // The same upload twice: refused naming the first one, as the app refuses a repeated file.
    const duplicate = validateDuplicateName(
      name,
      attached.map((a) => ({ name: a.object_name })),
    );
    if (duplicate) throw refused(duplicate);
    attached.push({
      object_name: file.objectName,
      name: file.fileName,
      content_type: file.contentType,
      size: file.size,
    });
  }
  return attached;
}

/** The recipient: a party of the record or customer service, and a contact of that company. */
async function recipientOf(tx: Tx, input: MessageInput, parties: number[]) {
  const allowed = [...parties, ...CUSTOMER_SERVICE_COMPANY_IDS];
  const [company] = allowed.includes(input.to_company_id)
    ? await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, input.to_company_id))
    : [];
  if (!company) throw refused(M.RECIPIENT_NOT_PARTY);
  if (input.to_contacts_id === null || input.to_contacts_id === undefined) return null;
  const [contact] = await tx
    .select({ id: contacts.id, name: contacts.name })
    .from(contacts)
    .where(
      and(
        eq(contacts.id, input.to_contacts_id),
        eq(contacts.companyId, company.id),
        contactNotDeleted,
      ),
    );
  if (!contact) throw refused(M.RECIPIENT_CONTACT_INVALID);
  return contact;
}

/** POST /messages: a MESSAGE to-do on the record, UNREAD for the recipient (event ADD). */
export async function postMessage(
  tx: Tx,
  changes: ChangeSet,
  input: MessageInput,
): Promise<TodoRow> {
  const record = await loadModuleRecord(tx, input.module, input.module_id);
  // The buyer owns the record; its supplier (the simulator) answers on it.
  if (!record || !isParty(record, input.fromCompanyId)) throw notFound(M.MODULE_NOT_FOUND);
  const empty = validateSendContent({ text: input.subject, attachments: input.todo_files });
  if (empty) throw refused(empty);
  const attachments = await attachmentsOf(tx, input.fromCompanyId, input.todo_files);
  const recipient = await recipientOf(tx, input, [record.buyerCompanyId, record.supplierCompanyId]);
  const subject = prefixSubject(
    input.subject.trim(),
    { companyId: input.to_company_id, contactName: recipient?.name ?? '' },
    input.senderCompanyIds ?? [input.fromCompanyId],
  ).trim();
  const [created] = await tx
    .insert(todos)
    .values({
      type: 'MESSAGE',
      state: 'UNREAD',
      subject,
      module: record.module,
      moduleId: record.id,
      moduleNumber: record.number,
      fromCompanyId: input.fromCompanyId,
      fromContactsId: input.fromContactId,
      toCompanyId: input.to_company_id,
      toContactsId: recipient?.id ?? null,
      files: attachments,
      eventType: 'ADD',
    })
    .returning();
  if (!created) throw new Error('message insert returned nothing');
  return publishTodo(tx, changes, {
    before: null,
    after: created,
    eventType: 'ADD',
    stateChanged: false,
  });
}

async function contactName(tx: Tx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [contact] = await tx
    .select({ name: contacts.name })
    .from(contacts)
    .where(eq(contacts.id, id));
  return contact?.name ?? null;
}

/**
 * Only the recipient company acts on a to-do (the app offers the company switch first). Asking
 * for the state it already has answers the to-do unchanged, so a queued change that someone else
 * made first is not reported as a failure.
 */
async function changeState(
  tx: Tx,
  changes: ChangeSet,
  todo: TodoRecord,
  state: TodoState,
  actor: Actor,
  delayTime: string | null,
): Promise<TodoRow> {
  if (todo.toCompanyId !== actor.companyId) throw forbidden();
  if (state === 'UNREAD') throw refused(M.CANNOT_MARK_UNREAD);
  const view = itemView(todo, await contactName(tx, todo.toContactsId));
  const mine = [actor.companyId];
  const newDelay =
    delayTime !== null &&
    (todo.delayTime === null || new Date(todo.delayTime).getTime() !== Date.parse(delayTime));
  const applies =
    (state === 'READ' && todo.state === 'UNREAD') ||
    (state === 'PROCESSED' && canMarkProcessed(view, mine)) ||
    (state === 'DELAYED' && (canFavourite(view, mine) || newDelay));
  if (!applies) return projectTodo(tx, todo.id);
  // Acting on another contact's to-do makes the user's contact in that company its assignee.
  const next = applyStateChange(view, state, actor.inboxUser);
  return updateTodo(
    tx,
    changes,
    todo,
    {
      state,
      toContactsId: next.to_contacts_id,
      delayTime: state === 'DELAYED' ? (delayTime ?? sql`now()`) : null,
    },
    { eventType: 'UPDATE', stateChanged: true, notFoundMessage: M.TODO_NOT_FOUND },
  );
}

/** PUT /todos/{id}?state=&todoTypes=: READ, PROCESSED or DELAYED (favourite) by the recipient. */
export async function setTodoState(
  tx: Tx,
  changes: ChangeSet,
  todoId: number,
  state: TodoState,
  actor: Actor,
  todoType?: TodoType,
): Promise<TodoRow> {
  const todo = await loadTodoOf(tx, todoId, actor.companyId);
  if (todoType !== undefined && todo.type !== todoType) throw notFound(M.TODO_NOT_FOUND);
  return changeState(tx, changes, todo, state, actor, null);
}

/** PATCH /todos/{id}?delay: favourite (DELAYED) until `delay`, now when not given. */
export async function delayTodo(
  tx: Tx,
  changes: ChangeSet,
  todoId: number,
  delay: string | null,
  actor: Actor,
): Promise<TodoRow> {
  if (delay !== null && Number.isNaN(Date.parse(delay))) throw badRequest('请求参数有误：delay');
  const todo = await loadTodoOf(tx, todoId, actor.companyId);
  const delayTime = delay === null ? null : new Date(delay).toISOString();
  return changeState(tx, changes, todo, 'DELAYED', actor, delayTime);
}

/** PUT /todos/{id}/bounding: ties the to-do to another sheet or order of the company (BOUND). */
export async function bindTodo(
  tx: Tx,
  changes: ChangeSet,
  todoId: number,
  target: { module: TodoModule; moduleId: number },
  actor: Actor,
): Promise<TodoRow> {
  const todo = await loadTodoOf(tx, todoId, actor.companyId);
  const record = await loadModuleRecord(tx, target.module, target.moduleId);
  if (!record || !isParty(record, actor.companyId)) throw notFound(M.MODULE_NOT_FOUND);
  // BOUND goes to the old record's topic too: its panel replaces the item by id.
  return updateTodo(
    tx,
    changes,
    todo,
    { module: record.module, moduleId: record.id, moduleNumber: record.number },
    { eventType: 'BOUND', stateChanged: false, notFoundMessage: M.TODO_NOT_FOUND },
  );
}

/** DELETE /messages/{id}: the writer retracts their MESSAGE; both feeds get a tombstone. */
export async function deleteMessage(
  tx: Tx,
  changes: ChangeSet,
  todoId: number,
  actor: Actor,
): Promise<{ id: number }> {
  const todo = await loadTodoOf(tx, todoId, actor.companyId);
  if (todo.type !== 'MESSAGE') throw refused(M.ONLY_MESSAGES_DELETABLE);
  // Only its writer, as the company it was sent from (a colleague's message is theirs to retract).
  const own = {
    type: todo.type,
    from_company_id: todo.fromCompanyId,
    from_contacts_id: todo.fromContactsId,
  };
  if (!canDeleteMessage(own, actor)) throw forbidden();
  await tx.delete(todos).where(eq(todos.id, todo.id));
  changes.remove('todos', todo.id, [todo.fromCompanyId, todo.toCompanyId]);
  await emitTodoCounters(tx, changes, counterTargetsOf([todo]));
  return { id: todo.id };
}
