// The writes the worker's outbox sends (src/sync/core/mutations/): their paths and bodies, as the
// mutation specs build them and the server's routes take them (server/routes/inquiryActions.ts,
// orders.ts, todos.ts). Their answers are synced rows, read by the outbox's outcome rules and
// settled by the feed (src/contract/feedRows.ts); tests/sync/core/contract.test.ts sends each
// request to the real server. Types only: the worker's bundle gains nothing.
import type { MailState } from '../../domain/todos/mailStates';
import type { TodoModule } from '../../domain/todos/todoCodes';

/** A brand by id, or a new one by the name typed (a negative id is a brand created offline). */
export type BrandBody = { id?: number | null; name?: string | null };

/** A product line (purchasing-core §7.2 product_list); `id` is the spec's synonym of product_id. */
export type LineBody = {
  id?: number | null;
  product_id?: number | null;
  product_type?: string | null;
  product_article_no?: string | null;
  short_description?: string | null;
  qty?: number | null;
  attachments?: ReadonlyArray<{ object_name: string }> | null;
};

/** POST /inquiry-api/v7/inquiry_quotation. */
export type SheetCreateBody = {
  supplier?: { company_id?: number | null; payment_method?: string | null } | null;
  brand: BrandBody;
  reseller?: { company_id?: number | null; contacts_user_id?: number | null } | null;
  product_list: LineBody[];
  save_to_draft?: boolean | null;
  remark?: string | null;
};

/** POST /inquiry-api/v7/inquiry_quotation/{id}: a draft's whole product list and header. */
export type SheetDraftBody = {
  product_list: LineBody[];
  brand?: BrandBody | null;
  supplier?: { payment_method?: string | null } | null;
  remark?: string | null;
};

/** PUT …/{id}/follower of a sheet or an order (the spec's `data.follower_id` is accepted too). */
export type FollowerBody = { follower_id?: number; data?: { follower_id: number } };

/** POST /todos-api/v7/messages. */
export type MessageBody = {
  module: TodoModule;
  module_id: number;
  subject: string;
  to_company_id: number;
  to_contacts_id?: number | null;
  /** Object names of the uploaded attachments. */
  todo_files: string[];
};

/** POST /todos-api/v7/mails: a mail to a company (and one of its contacts), a draft or to send. */
export type MailBody = {
  subject: string;
  to_company_id: number;
  to_contacts_id?: number | null;
  mail_state?: MailState;
  module?: TodoModule;
  module_id?: number;
};

/** PUT /todos-api/v7/mails/{id}: the sender edits what it wrote (a field left out is kept). */
export type MailPatchBody = {
  subject?: string;
  to_contacts_id?: number | null;
  mail_state?: MailState;
};

/** POST /orders-api/v7/orders/{id}/actions: the buyer's cancel request, with its reason. */
export type OrderActionBody = { action: 'cancel'; reason?: string };

/** PATCH /orders-api/v7/orders/{id}/forecast_receive_date: the new date, YYYY-MM-DD. */
export type OrderForecastBody = { forecast_receive_date: string };

const SHEETS = '/inquiry-api/v7/inquiry_quotation';
const TODOS = '/todos-api/v7';

export const OUTBOX_PATHS = {
  sheetCreate: () => SHEETS,
  sheetDraft: (sheetId: number) => `${SHEETS}/${sheetId}`,
  sheetFollower: (sheetId: number) => `${SHEETS}/${sheetId}/follower`,
  orderFollower: (orderId: number) => `/orders-api/v7/orders/${orderId}/follower`,
  orderAction: (orderId: number) => `/orders-api/v7/orders/${orderId}/actions`,
  /** PATCH: the buyer corrects the expected arrival date. */
  orderForecast: (orderId: number) => `/orders-api/v7/orders/${orderId}/forecast_receive_date`,
  message: () => `${TODOS}/messages`,
  todoState: (todoId: number) => `${TODOS}/todos/${todoId}`,
  /** DELETE: the sender retracts its message. */
  messageItem: (todoId: number) => `${TODOS}/messages/${todoId}`,
  /** POST: a new mail. */
  mails: () => `${TODOS}/mails`,
  /** PUT (edit), PATCH ?mailState (file under a state), DELETE (a draft). */
  mail: (todoId: number) => `${TODOS}/mails/${todoId}`,
} as const;
