// Mails (settings-messaging-shared §3 type MAIL, §4 mail states, §7 "Mails"): kept in the to-do
// table as type MAIL with their own mail_state, so they share the inbox, the feed, the counters
// and the take-over rule with messages. Deliberately small: the spec shows the calls, not a mail
// system; a mail goes to the company itself, customer service or a company it trades with.

import { and, eq, or } from 'drizzle-orm';
import type { TodoRow } from '../../src/contract/feedRows';
import type { MailState } from '../../src/domain/todos/mailStates';
import { CUSTOMER_SERVICE_COMPANY_IDS, type TodoModule } from '../../src/domain/todos/todoCodes';
import type { Tx } from '../db/database';
import { companies, contacts, orders, sheets, todos } from '../db/schema/index';
import { forbidden, notFound, refused } from '../http/httpError';
import { counterTargetsOf, emitTodoCounters } from '../live/counters';
import { contactNotDeleted } from '../partners/deletedContacts';
import type { ChangeSet } from '../sync/changeSet';
import type { Actor } from './actor';
import { TODO_SERVER_MESSAGES as M } from './messages';
import { isParty, loadModuleRecord } from './moduleRecords';
import { loadTodoOf, publishTodo, type TodoRecord, updateTodo } from './todoRows';

export type MailInput = {
  subject: string;
  to_company_id: number;
  to_contacts_id?: number | null | undefined;
  mail_state?: MailState | undefined;
  module?: TodoModule | undefined;
  module_id?: number | undefined;
};

async function tradesWith(tx: Tx, a: number, b: number): Promise<boolean> {
  for (const table of [sheets, orders]) {
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(
        or(
          and(eq(table.companyId, a), eq(table.supplierCompanyId, b)),
          and(eq(table.companyId, b), eq(table.supplierCompanyId, a)),
        ),
      )
      .limit(1);
    if (rows.length > 0) return true;
  }
  return false;
}

async function checkRecipient(
  tx: Tx,
  actor: Actor,
  toCompanyId: number,
  toContactsId: number | null,
) {
  const known =
    toCompanyId === actor.companyId ||
    CUSTOMER_SERVICE_COMPANY_IDS.includes(toCompanyId) ||
    (await tradesWith(tx, actor.companyId, toCompanyId));
  const [company] = known
    ? await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, toCompanyId))
    : [];
  if (!company) throw refused(M.MAIL_RECIPIENT_INVALID);
  if (toContactsId === null) return;
  const [contact] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(
      and(eq(contacts.id, toContactsId), eq(contacts.companyId, toCompanyId), contactNotDeleted),
    );
  if (!contact) throw refused(M.RECIPIENT_CONTACT_INVALID);
}

async function loadMailOf(tx: Tx, id: number, actor: Actor): Promise<TodoRecord> {
  const mail = await loadTodoOf(tx, id, actor.companyId, M.MAIL_NOT_FOUND);
  if (mail.type !== 'MAIL') throw notFound(M.MAIL_NOT_FOUND);
  return mail;
}

/** POST /mails. */
export async function createMail(
  tx: Tx,
  changes: ChangeSet,
  input: MailInput,
  actor: Actor,
): Promise<TodoRow> {
  const toContactsId = input.to_contacts_id ?? null;
  await checkRecipient(tx, actor, input.to_company_id, toContactsId);
  let module: { module: TodoModule; moduleId: number; moduleNumber: string } | null = null;
  if (input.module !== undefined && input.module_id !== undefined) {
    const record = await loadModuleRecord(tx, input.module, input.module_id);
    if (!record || !isParty(record, actor.companyId)) throw notFound(M.MODULE_NOT_FOUND);
    module = { module: record.module, moduleId: record.id, moduleNumber: record.number };
  }
  const [created] = await tx
    .insert(todos)
    .values({
      type: 'MAIL',
      state: 'UNREAD',
      subject: input.subject.trim(),
      mailState: input.mail_state ?? 'send',
      module: module?.module ?? null,
      moduleId: module?.moduleId ?? null,
      moduleNumber: module?.moduleNumber ?? null,
      fromCompanyId: actor.companyId,
      fromContactsId: actor.contactId,
      toCompanyId: input.to_company_id,
      toContactsId,
      eventType: 'ADD',
    })
    .returning();
  if (!created) throw new Error('mail insert returned nothing');
  return publishTodo(tx, changes, {
    before: null,
    after: created,
    eventType: 'ADD',
    stateChanged: false,
  });
}

/** PUT /mails/{id}: the sending company edits subject, recipient contact or mail state. */
export async function updateMail(
  tx: Tx,
  changes: ChangeSet,
  id: number,
  patch: {
    subject?: string | undefined;
    to_contacts_id?: number | null | undefined;
    mail_state?: MailState | undefined;
  },
  actor: Actor,
): Promise<TodoRow> {
  const mail = await loadMailOf(tx, id, actor);
  if (mail.fromCompanyId !== actor.companyId) throw forbidden();
  const toContactsId =
    patch.to_contacts_id === undefined ? mail.toContactsId : patch.to_contacts_id;
  if (toContactsId !== mail.toContactsId) {
    await checkRecipient(tx, actor, mail.toCompanyId, toContactsId);
  }
  return updateTodo(
    tx,
    changes,
    mail,
    {
      subject: patch.subject === undefined ? mail.subject : patch.subject.trim(),
      toContactsId,
      mailState: patch.mail_state ?? mail.mailState,
    },
    { eventType: 'UPDATE', stateChanged: false, notFoundMessage: M.MAIL_NOT_FOUND },
  );
}

/** PATCH /mails/{id}?mailState: either party files the mail (a state apart from the to-do state). */
export async function setMailState(
  tx: Tx,
  changes: ChangeSet,
  id: number,
  mailState: MailState,
  actor: Actor,
): Promise<TodoRow> {
  const mail = await loadMailOf(tx, id, actor);
  return updateTodo(
    tx,
    changes,
    mail,
    { mailState },
    { eventType: 'UPDATE', stateChanged: false, notFoundMessage: M.MAIL_NOT_FOUND },
  );
}

/** DELETE /mails/{id}: only the sending company; both feeds get a tombstone. */
export async function deleteMail(
  tx: Tx,
  changes: ChangeSet,
  id: number,
  actor: Actor,
): Promise<{ id: number }> {
  const mail = await loadMailOf(tx, id, actor);
  if (mail.fromCompanyId !== actor.companyId) throw forbidden();
  await tx.delete(todos).where(eq(todos.id, mail.id));
  changes.remove('todos', mail.id, [mail.fromCompanyId, mail.toCompanyId]);
  await emitTodoCounters(tx, changes, counterTargetsOf([mail]));
  return { id: mail.id };
}
