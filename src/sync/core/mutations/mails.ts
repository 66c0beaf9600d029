// Mails written, edited, filed and deleted offline (settings-messaging-shared §4 mail states, §7
// "Mails"), and a chat message retracted by its writer (DELETE /messages/{id}). Mails are the
// user's own to-do rows: a new one shows at once under a temporary id, marked 待同步, and every
// later change of it waits for its create (one entity per mail keeps them in order). A delete
// removes the local row at once; a refusal puts it back (rollback restores the row before).
import { z } from 'zod/mini';
import { type MailBody, type MailPatchBody, OUTBOX_PATHS } from '../../../contract/api/outbox';
import { MAIL_STATES } from '../../../domain/todos/mailStates';
import { PENDING_FIELD, rowKey } from '../types';
import { idSchema, isoTime, type MutationSpec, mapId, temporary, versionReached } from './spec';

const party = z.object({
  companyId: idSchema,
  companyName: z.nullable(z.string()),
  contactId: z.nullable(idSchema),
  contactName: z.nullable(z.string()),
});

const createSchema = z.object({
  /** Temporary (negative) id of the mail's to-do row. */
  todoId: idSchema,
  subject: z.string(),
  /** A draft is kept unsent; `send` hands it to the mail service. */
  mailState: z.enum(['draft', 'send']),
  to: party,
  /** The writer as the row shows it (the company is the entry's). */
  from: z.object({
    contactId: idSchema,
    contactName: z.string(),
    companyName: z.nullable(z.string()),
    avatar: z.nullable(z.string()),
  }),
});
export type MailCreatePayload = z.infer<typeof createSchema>;

/** Every change of one mail, its create included, goes out in order. */
const mailEntity = (todoId: number) => ({ table: 'todos' as const, id: todoId });

export const mailCreate: MutationSpec<MailCreatePayload> = {
  version: 1,
  upgrades: {},
  schema: createSchema,
  entity: (p) => mailEntity(p.todoId),
  touches: (p) => rowKey('todos', p.todoId),
  refs: () => [],
  creates: (p) => temporary(p.todoId),
  files: () => [],
  mapIds: (p, map) => ({ ...p, todoId: mapId(p.todoId, map) }),
  ifMatch: () => null,
  withIfMatch: (p) => p,
  request: (p) => ({
    method: 'POST',
    path: OUTBOX_PATHS.mails(),
    body: {
      subject: p.subject,
      to_company_id: p.to.companyId,
      to_contacts_id: p.to.contactId,
      mail_state: p.mailState,
    } satisfies MailBody,
  }),
  effect: (row, p, { companyId, createdAt }) => {
    if (row !== null && row[PENDING_FIELD] !== true) return row;
    const time = isoTime(createdAt);
    return {
      id: p.todoId,
      type: 'MAIL',
      state: 'UNREAD',
      subject: p.subject,
      module: null,
      module_id: null,
      module_number: null,
      mail_id: null,
      mail_state: p.mailState,
      from_company_id: companyId,
      from_company_name: p.from.companyName,
      from_contacts_id: p.from.contactId,
      from_contacts_name: p.from.contactName,
      to_company_id: p.to.companyId,
      to_company_name: p.to.companyName,
      to_contacts_id: p.to.contactId,
      to_contacts_name: p.to.contactName,
      avatar: p.from.avatar,
      has_attachment: false,
      todo_files: [],
      event_type: 'ADD',
      create_time: time,
      write_time: time,
      delay_time: null,
      version: 0,
      [PENDING_FIELD]: true,
    };
  },
  createdIds: (p, answer) => (p.todoId < 0 ? [[p.todoId, answer.id] as const] : []),
  showsEffect: (row, _p, version) => versionReached(row, version),
};

const updateSchema = z.object({
  todoId: idSchema,
  subject: z.string(),
  /** The recipient contact in the mail's company; null = nobody in particular. */
  to: z.object({ contactId: z.nullable(idSchema), contactName: z.nullable(z.string()) }),
  /** `send` when the draft is sent with this edit; null keeps the state. */
  mailState: z.nullable(z.enum(['draft', 'send'])),
});
export type MailUpdatePayload = z.infer<typeof updateSchema>;

/** The shared shape of a change to one existing (or offline-created) mail. */
function onMail<P extends { todoId: number }>(
  spec: Pick<MutationSpec<P>, 'version' | 'upgrades' | 'schema' | 'request' | 'effect'>,
): MutationSpec<P> {
  return {
    ...spec,
    entity: (p) => mailEntity(p.todoId),
    touches: (p) => rowKey('todos', p.todoId),
    refs: (p) => temporary(p.todoId),
    creates: () => [],
    files: () => [],
    mapIds: (p, map) => ({ ...p, todoId: mapId(p.todoId, map) }),
    ifMatch: () => null,
    withIfMatch: (p) => p,
    createdIds: () => [],
    showsEffect: (row, _p, version) => versionReached(row, version),
  };
}

export const mailUpdate = onMail<MailUpdatePayload>({
  version: 1,
  upgrades: {},
  schema: updateSchema,
  request: (p) => ({
    method: 'PUT',
    path: OUTBOX_PATHS.mail(p.todoId),
    body: {
      subject: p.subject,
      to_contacts_id: p.to.contactId,
      ...(p.mailState === null ? {} : { mail_state: p.mailState }),
    } satisfies MailPatchBody,
  }),
  effect: (row, p) =>
    row === null
      ? null
      : {
          ...row,
          subject: p.subject.trim(),
          to_contacts_id: p.to.contactId,
          to_contacts_name: p.to.contactName,
          ...(p.mailState === null ? {} : { mail_state: p.mailState }),
          event_type: 'UPDATE',
          [PENDING_FIELD]: true,
        },
});

const stateSchema = z.object({ todoId: idSchema, mailState: z.enum(MAIL_STATES) });
export type MailSetStatePayload = z.infer<typeof stateSchema>;

export const mailSetState = onMail<MailSetStatePayload>({
  version: 1,
  upgrades: {},
  schema: stateSchema,
  request: (p) => ({
    method: 'PATCH',
    path: OUTBOX_PATHS.mail(p.todoId),
    query: { mailState: p.mailState },
  }),
  effect: (row, p) =>
    row === null || row.mail_state === p.mailState
      ? row
      : { ...row, mail_state: p.mailState, event_type: 'UPDATE', [PENDING_FIELD]: true },
});

const deleteSchema = z.object({ todoId: idSchema });
export type TodoDeletePayload = z.infer<typeof deleteSchema>;

export const mailDelete = onMail<TodoDeletePayload>({
  version: 1,
  upgrades: {},
  schema: deleteSchema,
  request: (p) => ({ method: 'DELETE', path: OUTBOX_PATHS.mail(p.todoId) }),
  effect: () => null,
});

/** Its writer retracts a chat message: gone from the thread at once, for both parties. */
export const messageDelete = onMail<TodoDeletePayload>({
  version: 1,
  upgrades: {},
  schema: deleteSchema,
  request: (p) => ({ method: 'DELETE', path: OUTBOX_PATHS.messageItem(p.todoId) }),
  effect: () => null,
});
