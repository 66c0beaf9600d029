// Feed rows for the local database tests, shaped as server/sync/projections/ delivers them,
// with only the fields a test cares about given; and a fresh database per test (fake-indexeddb).
import 'fake-indexeddb/auto';
import type { OrderRow, SheetRow, StaffRow, TodoRow } from '../../src/contract/feedRows';
import { PurchasingDb } from '../../src/data/db';

/** Minutes after a fixed instant, as the feed's ISO text (text order = time order). */
export const at = (minutes: number): string =>
  new Date(Date.UTC(2025, 0, 1) + minutes * 60_000).toISOString();

export function sheet(id: number, over: Partial<SheetRow> = {}): SheetRow {
  return {
    id,
    company_id: 1,
    name: `XJ20250101${String(id).padStart(6, '0')}`,
    state: 'DRAFT',
    state_change_time: at(id),
    state_log_list: [],
    brand: null,
    brand_name: '西门子',
    current_node: { company_id: over.company_id ?? 1, contacts_user: { id: 7, name: '张三' } },
    supplier_node: {
      company: null,
      currency: 'CNY',
      taxed_amount: null,
      vip_balance: null,
      vip_taxed_amount: null,
      vip_rebate: null,
      payment_method: null,
      price_map: {},
    },
    order: null,
    inquiry_product_list: [],
    cancelReason: null,
    remark: null,
    create_time: at(id),
    write_time: at(id),
    version: id,
    ...over,
  };
}

export function order(id: number, over: Partial<OrderRow> = {}): OrderRow {
  return {
    id,
    company_id: 1,
    sheet_id: null,
    name: `PO20250101${String(id).padStart(6, '0')}`,
    inquiry_no: null,
    state: 10,
    order_base_state: null,
    state_change_time: at(id),
    order_state_log_list: [],
    forecast_receive_date: null,
    unpaid_amount: null,
    brand: null,
    brand_name: '西门子',
    payment_method: null,
    current_order_node: {
      company_id: 1,
      contacts_user: null,
      order_node_price: { currency: 'CNY' },
    },
    supplier_order_node: {
      company_id: 9,
      contacts_user: null,
      order_node_price: { taxed_amount: 10, currency: 'CNY' },
    },
    supplier_node: {
      inbound_state: null,
      invoice_state: 'NO_INVOICE',
      taxed_amount: 10,
      currency: 'CNY',
    },
    order_node_list: [],
    order_product_list: [],
    sign_time: null,
    create_time: at(id),
    write_time: at(id),
    version: id,
    ...over,
  };
}

export function todo(id: number, over: Partial<TodoRow> = {}): TodoRow {
  return {
    id,
    type: 'MESSAGE',
    state: 'UNREAD',
    subject: `消息 ${id}`,
    module: 'ORDER',
    module_id: 1,
    module_number: 'PO20250101000001',
    mail_id: null,
    mail_state: null,
    from_company_id: 2,
    from_company_name: '供应商',
    from_contacts_id: 20,
    from_contacts_name: '李四',
    to_company_id: 1,
    to_company_name: '买方',
    to_contacts_id: 10,
    to_contacts_name: '张三',
    avatar: null,
    has_attachment: false,
    todo_files: [],
    event_type: 'ADD',
    create_time: at(id),
    write_time: at(id),
    delay_time: null,
    version: id,
    ...over,
  };
}

export function staff(id: number, over: Partial<StaffRow> = {}): StaffRow {
  return {
    id,
    company_id: 1,
    name: `员工 ${id}`,
    gender: 'MALE',
    mobile: null,
    phone: null,
    email: null,
    position: null,
    language: null,
    qq: null,
    status: 'IN_SERVICE',
    is_admin: false,
    visibility: 'INTERNAL',
    avatar: null,
    login_user: null,
    version: id,
    ...over,
  };
}

let serial = 0;
/** A unique user id per call, so tests sharing fake-indexeddb's global factory never collide. */
export const freshUserId = (label: string): string => `${label}-${process.pid}-${++serial}`;

/** A database built directly (not through openUserDatabase), for tests that add middleware. */
export function freshDb(label: string): PurchasingDb {
  return new PurchasingDb(`test-${freshUserId(label)}`);
}
