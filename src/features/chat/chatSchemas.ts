// Shapes at the chat panel's boundaries besides its calls (src/contract/api/chat.ts): the
// contacts kept per record so the panel knows whom to write to offline, and the live channel's
// message events (server/messaging/todoRows.ts).
import { z } from 'zod';
import { chatContactSchema } from '../../contract/api/chat';

/**
 * The default contact per record, kept for offline use (src/platform/persisted.ts `chatContacts`):
 * `<account>:<company>:<module>:<id>` → the contact, or null when the server named none.
 */
export const chatContactsSchema = z.record(z.string(), chatContactSchema.nullable());

const nullableText = z.string().nullable().default(null);
const nullableId = z.number().nullable().default(null);

/** One event of `todo.b.{module}.{id}.messages`: `{event_type, item}`, the item a feed row. */
export const liveMessageSchema = z
  .object({
    event_type: z.string(),
    item: z.object({
      id: z.number(),
      type: z.string(),
      state: z.string(),
      subject: z.string(),
      module: nullableText,
      module_id: nullableId,
      module_number: nullableText,
      mail_id: nullableId,
      mail_state: nullableText,
      from_company_id: z.number(),
      from_company_name: nullableText,
      from_contacts_id: nullableId,
      from_contacts_name: nullableText,
      to_company_id: z.number(),
      to_company_name: nullableText,
      to_contacts_id: nullableId,
      to_contacts_name: nullableText,
      avatar: nullableText,
      has_attachment: z.boolean().default(false),
      todo_files: z
        .array(
          z.object({
            attachment: z.object({
              object_name: z.string(),
              url: z.string(),
              content_type: z.string(),
              name: z.string().optional(),
              size: z.number().optional(),
            }),
          }),
        )
        .default([]),
      create_time: z.string(),
      write_time: z.string(),
      delay_time: nullableText,
      version: z.number(),
    }),
  })
  .transform(({ event_type, item }) => ({ ...item, event_type }));
