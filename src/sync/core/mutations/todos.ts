// Chat messages and to-do state changes offline (docs/api.md §8). A message posted offline shows
// in its thread at once, marked pending, under a temporary id; messages of one thread are sent in
// the order they were written. A state change mirrors the server's rule, so the screen never shows
// a state the server would not set (READ never downgrades PROCESSED or DELAYED).
import { z } from 'zod/mini';
import { type MessageBody, OUTBOX_PATHS } from '../../../contract/api/outbox';
import { TODO_MODULES, TODO_TYPES } from '../../../domain/todos/todoCodes';
import { PENDING_FIELD, type Row, rowKey } from '../types';
import {
  attachmentView,
  fileRefSchema,
  idSchema,
  isoTime,
  type MutationSpec,
  mapId,
  objectNameOf,
  temporary,
  versionReached,
} from './spec';

const messageSchema = z.object({
  /** Temporary (negative) id of the message's to-do row. */
  todoId: idSchema,
  module: z.enum(TODO_MODULES),
  /** The sheet or order; temporary for a sheet created offline (the message waits for it). */
  moduleId: idSchema,
  moduleNumber: z.nullable(z.string()),
  subject: z.string(),
  to: z.object({
    companyId: idSchema,
    companyName: z.nullable(z.string()),
    contactId: z.nullable(idSchema),
    contactName: z.nullable(z.string()),
  }),
  /** The sender as the row shows it (the company is the entry's). */
  from: z.object({
    contactId: idSchema,
    contactName: z.string(),
    companyName: z.nullable(z.string()),
    avatar: z.nullable(z.string()),
  }),
  files: z.array(fileRefSchema),
});
export type MessagePostPayload = z.infer<typeof messageSchema>;

export const messagePost: MutationSpec<MessagePostPayload> = {
  version: 1,
  upgrades: {},
  schema: messageSchema,
  entity: (p) => ({ table: 'threads', id: `${p.module}:${p.moduleId}` }),
  touches: (p) => rowKey('todos', p.todoId),
  refs: (p) => temporary(p.moduleId),
  creates: (p) => temporary(p.todoId),
  files: (p) => p.files,
  mapIds: (p, map) => ({ ...p, todoId: mapId(p.todoId, map), moduleId: mapId(p.moduleId, map) }),
  ifMatch: () => null,
  withIfMatch: (p) => p,
  request: (p, uploaded) => ({
    method: 'POST',
    path: OUTBOX_PATHS.message(),
    body: {
      module: p.module,
      module_id: p.moduleId,
      subject: p.subject,
      to_company_id: p.to.companyId,
      to_contacts_id: p.to.contactId,
      todo_files: p.files.map((ref) => objectNameOf(ref, uploaded)),
    } satisfies MessageBody,
  }),
  effect: (row, p, { companyId, createdAt }) => {
    if (row !== null && row[PENDING_FIELD] !== true) return row;
    const time = isoTime(createdAt);
    return {
      id: p.todoId,
      type: 'MESSAGE',
      state: 'UNREAD',
      subject: p.subject,
      module: p.module,
      module_id: p.moduleId,
      module_number: p.moduleNumber,
      mail_id: null,
      mail_state: null,
      from_company_id: companyId,
      from_company_name: p.from.companyName,
      from_contacts_id: p.from.contactId,
      from_contacts_name: p.from.contactName,
      to_company_id: p.to.companyId,
      to_company_name: p.to.companyName,
      to_contacts_id: p.to.contactId,
      to_contacts_name: p.to.contactName,
      avatar: p.from.avatar,
      has_attachment: p.files.length > 0,
      todo_files: p.files.map((ref) => ({ attachment: { ...attachmentView(ref), url: '' } })),
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

const stateSchema = z.object({
  todoId: idSchema,
  state: z.enum(['READ', 'PROCESSED', 'DELAYED']),
  /** DELAYED only: favourite until this ISO time (PATCH ?delay=); null = now (PUT ?state=). */
  delay: z.nullable(z.iso.datetime({ offset: true })),
  todoType: z.nullable(z.enum(TODO_TYPES)),
  /** The user's contact that becomes the assignee when they took over another's to-do. */
  assignee: z.nullable(z.object({ id: idSchema, name: z.string() })),
});
export type TodoSetStatePayload = z.infer<typeof stateSchema>;

const sameTime = (a: unknown, b: string): boolean =>
  typeof a === 'string' && Date.parse(a) === Date.parse(b);

/** The server's rule (todoService.changeState): when the change does anything at all. */
function changes(row: Row, p: TodoSetStatePayload): boolean {
  if (p.state === 'READ') return row.state === 'UNREAD';
  if (p.state === 'PROCESSED') return row.state !== 'PROCESSED';
  return row.state !== 'DELAYED' || (p.delay !== null && !sameTime(row.delay_time, p.delay));
}

export const todoSetState: MutationSpec<TodoSetStatePayload> = {
  version: 1,
  upgrades: {},
  schema: stateSchema,
  entity: (p) => ({ table: 'todos', id: p.todoId }),
  touches: (p) => rowKey('todos', p.todoId),
  refs: (p) => temporary(p.todoId),
  creates: () => [],
  files: () => [],
  mapIds: (p, map) => ({ ...p, todoId: mapId(p.todoId, map) }),
  ifMatch: () => null,
  withIfMatch: (p) => p,
  request: (p) => {
    const path = OUTBOX_PATHS.todoState(p.todoId);
    if (p.state === 'DELAYED' && p.delay !== null) {
      return { method: 'PATCH', path, query: { delay: p.delay } };
    }
    const query: Record<string, string> = { state: p.state };
    if (p.todoType !== null) query.todoTypes = p.todoType;
    return { method: 'PUT', path, query };
  },
  effect: (row, p, { createdAt }) => {
    if (row === null || !changes(row, p)) return row;
    const delayed = p.state === 'DELAYED';
    return {
      ...row,
      state: p.state,
      delay_time: delayed ? isoTime(p.delay === null ? createdAt : Date.parse(p.delay)) : null,
      ...(p.assignee ? { to_contacts_id: p.assignee.id, to_contacts_name: p.assignee.name } : {}),
      event_type: 'UPDATE',
      [PENDING_FIELD]: true,
    };
  },
  createdIds: () => [],
  showsEffect: (row, _p, version) => versionReached(row, version),
};
