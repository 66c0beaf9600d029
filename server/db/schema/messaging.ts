// To-dos and chat messages (one table: a chat message is a to-do of type MESSAGE tied to a
// module record), and uploaded files.
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id, ref, time } from './columns';
import { syncVersion } from './sync';

export type TodoFile = { object_name: string; name: string; content_type: string; size: number };

export const todos = pgTable(
  'todos',
  {
    id: id(),
    type: text('type').notNull().default('MESSAGE'),
    state: text('state').notNull().default('UNREAD'),
    subject: text('subject').notNull(),
    module: text('module'),
    moduleId: ref('module_id'),
    moduleNumber: text('module_number'),
    mailId: ref('mail_id'),
    mailState: text('mail_state'),
    fromCompanyId: ref('from_company_id').notNull(),
    fromContactsId: ref('from_contacts_id'),
    toCompanyId: ref('to_company_id').notNull(),
    toContactsId: ref('to_contacts_id'),
    files: jsonb('files').$type<TodoFile[]>().notNull().default(sql`'[]'::jsonb`),
    eventType: text('event_type').notNull().default('ADD'),
    createTime: time('create_time').notNull().defaultNow(),
    writeTime: time('write_time').notNull().defaultNow(),
    delayTime: time('delay_time'),
    version: syncVersion(),
  },
  (t) => [
    index('todos_to_idx').on(t.toCompanyId, t.state),
    // The per-user counters (server/live/counters.ts) look to-dos up by assignee.
    index('todos_to_contact_idx').on(t.toContactsId, t.state),
    index('todos_from_idx').on(t.fromCompanyId),
    index('todos_module_idx').on(t.module, t.moduleId),
  ],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

export const files = pgTable(
  'files',
  {
    id: id(),
    companyId: ref('company_id').notNull(),
    /** The storage path clients refer to (`{companyId}/{uuid}/{file name}`). */
    objectName: text('object_name').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    documentType: text('document_type').notNull(),
    entityId: text('entity_id'),
    uploadedBy: ref('uploaded_by'),
    deleted: boolean('deleted').notNull().default(false),
    data: bytea('data').notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_object_name_key').on(t.objectName)],
);
