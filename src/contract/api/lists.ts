// A list's quick-search form as the server describes it (purchasing-core §2.2 "A quick-search form
// is loaded from the server", §3 "searchList items with key"; docs/api.md §6, §7): checked and
// normalised on arrival (the two lists spell the date range differently), and the shape of the
// copies kept for offline use (src/platform/persisted.ts).
import { z } from 'zod';
import type { OrderTab } from '../../domain/orders/orderTabs';
import type { SheetListType } from '../../domain/purchase/listTypes';
import { route } from './route';

const optionSchema = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });

const fieldSchema = z.object({
  key: z.string().min(1),
  label: z.string(),
  type: z.enum(['input', 'select', 'dateRange']),
  placeholder: z.string().optional(),
  multiple: z.boolean().optional(),
  options: z.array(optionSchema).optional(),
});

export type SearchField = z.infer<typeof fieldSchema>;
export type SearchOption = z.infer<typeof optionSchema>;

/** What the app keeps: the fields of each form it has loaded, by `<list>:<company>:<type>`. */
export const searchFormsSchema = z.record(z.string(), z.array(fieldSchema));

/** The server's answer. A field of a kind this app does not know is left out, not an error. */
export const searchFormAnswerSchema = z.object({
  searchList: z.array(z.record(z.string(), z.unknown())).transform((entries) =>
    entries.flatMap((entry) => {
      const type = entry.type === 'daterange' ? 'dateRange' : entry.type;
      const field = fieldSchema.safeParse({ ...entry, type });
      return field.success ? [field.data] : [];
    }),
  ),
});

export const LIST_ROUTES = {
  sheetSearchForm: route<{ query: { sheetType: SheetListType } }>()({
    method: 'GET',
    path: () => '/inquiry-api/v7/inquiry_quotation/search_form',
    answer: searchFormAnswerSchema,
  }),
  orderSearchForm: route<{ query: { orderType: OrderTab } }>()({
    method: 'GET',
    path: () => '/orders-api/v7/orders/search_form',
    answer: searchFormAnswerSchema,
  }),
};
