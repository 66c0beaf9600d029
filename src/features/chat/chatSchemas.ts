// The live channel's message events at the chat panel's boundary (server/messaging/todoRows.ts).
// Its calls and the contacts it keeps per record for offline use are in src/contract/api/chat.ts.
import { z } from 'zod';

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
