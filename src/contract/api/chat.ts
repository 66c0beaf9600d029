// The chat panel's default-contact calls (settings-messaging-shared §7 "Message panel"): the
// order's and the sheet's answer in different shapes (docs/api.md); both are read as one
// ChatContact, the shape the panel keeps per record for offline use.
import { z } from 'zod';
import { type NoRequest, route } from './route';

/** Whom the panel writes to; `companyId` null means the contact's company is not known. */
export const chatContactSchema = z.object({
  id: z.number(),
  name: z.string(),
  companyId: z.number().nullable(),
  companyName: z.string().nullable(),
});
export type ChatContact = z.infer<typeof chatContactSchema>;

/**
 * The default contact per record, kept for offline use (src/platform/persisted.ts `chatContacts`):
 * `<account>:<company>:<module>:<id>` → the contact, or null when the server named none.
 */
export const chatContactsSchema = z.record(z.string(), chatContactSchema.nullable());

/** GET /orders-api/v7/orders/{id}/default_contacts_user: `{id, name, company_id, company_name}`. */
export const orderContactAnswerSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    company_id: z.number().nullable(),
    company_name: z.string().nullable(),
  })
  .nullable()
  .transform(
    (answer): ChatContact | null =>
      answer && {
        id: answer.id,
        name: answer.name,
        companyId: answer.company_id,
        companyName: answer.company_name,
      },
  );

/** GET /inquiry-api/v7/inquiry_quotation/{id}/default_contacts_user: `{id, name, company}`. */
export const sheetContactAnswerSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    company: z.object({ id: z.number(), name: z.string().nullable() }).nullable(),
  })
  .nullable()
  .transform(
    (answer): ChatContact | null =>
      answer && {
        id: answer.id,
        name: answer.name,
        companyId: answer.company?.id ?? null,
        companyName: answer.company?.name ?? null,
      },
  );

export const CHAT_ROUTES = {
  orderDefaultContact: route<NoRequest>()({
    method: 'GET',
    path: ({ orderId }: { orderId: number }) =>
      `/orders-api/v7/orders/${orderId}/default_contacts_user`,
    answer: orderContactAnswerSchema,
  }),
  sheetDefaultContact: route<NoRequest>()({
    method: 'GET',
    path: ({ sheetId }: { sheetId: number }) =>
      `/inquiry-api/v7/inquiry_quotation/${sheetId}/default_contacts_user`,
    answer: sheetContactAnswerSchema,
  }),
};
