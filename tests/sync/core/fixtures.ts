// Builders for the core tests: entries of every mutation type, rows shaped like the feed's, and
// the send state. Defaults are fixed values so tables below read as the call they expect.
import type { MutationInput, OutboxEntry } from '../../../src/sync/core/mutations';
import type { LineInput } from '../../../src/sync/core/mutations/sheetParts';
import type { FileRef } from '../../../src/sync/core/mutations/spec';
import type { SendState } from '../../../src/sync/core/ordering';
import { createEntry } from '../../../src/sync/core/storedEntry';
import type { EntryMeta, Row, UploadedFile } from '../../../src/sync/core/types';

export const CLIENT = 'c0ffee00-0000-4000-8000-000000000001';
export const SUB = 'account-7';
export const COMPANY = 11;
export const NOW = Date.parse('2025-01-09T02:00:00.000Z');

export function entry(
  seq: number,
  mutation: MutationInput,
  meta: Partial<EntryMeta> = {},
): OutboxEntry {
  const created = createEntry({
    clientId: CLIENT,
    seq,
    userSub: SUB,
    companyId: COMPANY,
    now: NOW,
    mutation,
  });
  return { ...created, ...meta };
}

export const line = (extra: Partial<LineInput> = {}): LineInput => ({
  productId: null,
  productType: 'ABC-123',
  productArticleNo: null,
  shortDescription: null,
  qty: 3,
  attachments: [],
  ...extra,
});

export const blob = (clientFileId: string, name = 'photo.png'): FileRef => ({
  clientFileId,
  objectName: null,
  name,
  contentType: 'image/png',
  size: 4,
});

export const uploadedAs = (objectName: string): UploadedFile => ({
  object_name: objectName,
  url: `/api/v7/files/content?path=${encodeURIComponent(objectName)}`,
  name: objectName.split('/').at(-1) ?? objectName,
  content_type: 'image/png',
  size: 4,
});

export const createSheet = (
  sheetId: number,
  extra: Partial<Extract<MutationInput, { type: 'sheet.create' }>['payload']> = {},
): MutationInput => ({
  type: 'sheet.create',
  payload: {
    sheetId,
    brand: { id: 5, name: 'Siemens', view: null },
    lines: [line()],
    saveToDraft: true,
    supplier: null,
    owner: null,
    remark: null,
    ...extra,
  },
});

export const saveDraft = (
  sheetId: number,
  ifMatch: number,
  extra: Partial<Extract<MutationInput, { type: 'sheet.saveDraft' }>['payload']> = {},
): MutationInput => ({
  type: 'sheet.saveDraft',
  payload: { sheetId, ifMatch, lines: [line()], brand: null, paymentMethod: null, ...extra },
});

export const sheetOwner = (id: number, ifMatch: number, ownerId = 9): MutationInput => ({
  type: 'sheet.changeOwner',
  payload: { id, ifMatch, owner: { id: ownerId, name: `员工${ownerId}` } },
});

export const orderOwner = (id: number, ifMatch: number, ownerId = 9): MutationInput => ({
  type: 'order.changeOwner',
  payload: { id, ifMatch, owner: { id: ownerId, name: `员工${ownerId}` } },
});

export const orderCancel = (id: number, reason = '重复下单'): MutationInput => ({
  type: 'order.requestCancel',
  payload: { id, reason },
});

export const message = (
  todoId: number,
  moduleId: number,
  files: FileRef[] = [],
  module: 'INQUERY_QUOTATION_SHEET' | 'ORDER' = 'INQUERY_QUOTATION_SHEET',
): MutationInput => ({
  type: 'message.post',
  payload: {
    todoId,
    module,
    moduleId,
    moduleNumber: null,
    subject: '请确认交期',
    to: { companyId: 20, companyName: '上海供应链有限公司', contactId: 31, contactName: '王销售' },
    from: { contactId: 7, contactName: '李采购', companyName: '甲方有限公司', avatar: null },
    files,
  },
});

export const todoState = (
  todoId: number,
  state: 'READ' | 'PROCESSED' | 'DELAYED',
  extra: Partial<Extract<MutationInput, { type: 'todo.setState' }>['payload']> = {},
): MutationInput => ({
  type: 'todo.setState',
  payload: { todoId, state, delay: null, todoType: null, assignee: null, ...extra },
});

export const sheetRow = (
  id: number,
  version: number,
  extra: Record<string, unknown> = {},
): Row => ({
  id,
  version,
  company_id: COMPANY,
  name: `XJ20250109${String(id).padStart(6, '0')}`,
  state: 'DRAFT',
  brand: { id: 5, name: 'Siemens' },
  brand_name: 'Siemens',
  current_node: { company_id: COMPANY, contacts_user: { id: 7, name: '李采购' } },
  supplier_node: {
    company: { id: 20, name: '上海供应链有限公司' },
    payment_method: 'ADVANCE_PAYMENT',
  },
  inquiry_product_list: [],
  remark: null,
  ...extra,
});

export const orderRow = (
  id: number,
  version: number,
  extra: Record<string, unknown> = {},
): Row => ({
  id,
  version,
  company_id: COMPANY,
  sheet_id: null,
  state: 10,
  current_order_node: {
    company_id: COMPANY,
    contacts_user: { id: 7, name: '李采购' },
    order_node_price: { currency: 'CNY' },
  },
  ...extra,
});

export const todoRow = (
  id: number,
  version: number,
  state: string,
  extra: Record<string, unknown> = {},
): Row => ({
  id,
  version,
  type: 'MESSAGE',
  state,
  subject: '你好',
  module: 'ORDER',
  module_id: 88,
  to_company_id: COMPANY,
  to_contacts_id: 8,
  to_contacts_name: '张管理',
  delay_time: null,
  event_type: 'ADD',
  ...extra,
});

export const sendState = (extra: Partial<SendState> = {}): SendState => ({
  userSub: SUB,
  idMap: new Map(),
  uploaded: new Map(),
  paused: false,
  ...extra,
});
