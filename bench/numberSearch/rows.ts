// Bench-scale purchase sheets and orders, shaped as the feed delivers them, with numbers as the
// server makes them: XJ / PO + yyyyMMdd + a 6-digit daily sequence (docs/decisions.md), spread
// over two years, half of the orders carrying their sheet's number. Deterministic for a seed.
import type { OrderRow, SheetRow } from '../../src/contract/feedRows';
import { ORDER_STATE_CODES } from '../../src/domain/orders/orderStates';
import { SHEET_STATES } from '../../src/domain/purchase/sheetStates';

const DAY_MS = 86_400_000;
const START_MS = Date.UTC(2024, 0, 1);
const DAYS = 730;

/** A small deterministic generator (LCG), so every run measures the same data. */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 4_294_967_296;
  };
}

const BRANDS = ['西门子', 'Siemens', 'ABB', 'Festo 费斯托', 'Pilz 皮尔磁', 'Omron 欧姆龙'];
const OWNERS = [
  { id: 7, name: '张三' },
  { id: 8, name: '李四' },
  { id: 9, name: '王五' },
];

/** `count` numbers with their creation times, in creation order. */
export function numbers(
  prefix: string,
  count: number,
  random: () => number,
): Array<[string, string]> {
  // Creation days in order, each day's sequence counting from 1.
  const days = Array.from({ length: count }, () => Math.floor(random() * DAYS)).sort(
    (a, b) => a - b,
  );
  const perDay = new Map<number, number>();
  return days.map((day) => {
    const sequence = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, sequence);
    const at = START_MS + day * DAY_MS + sequence * 1000;
    const date = new Date(START_MS + day * DAY_MS).toISOString().slice(0, 10).replaceAll('-', '');
    return [`${prefix}${date}${String(sequence).padStart(6, '0')}`, new Date(at).toISOString()];
  });
}

/** The sheet of position `index` with its number and time; `random` draws its other fields. */
export function benchSheet(
  index: number,
  [name, time]: readonly [string, string],
  companyId: number,
  random: () => number,
): SheetRow {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  return {
    id: index + 1,
    company_id: companyId,
    name,
    state: pick(SHEET_STATES),
    state_change_time: time,
    state_log_list: [],
    brand: null,
    brand_name: pick(BRANDS),
    current_node: { company_id: companyId, contacts_user: pick(OWNERS) },
    supplier_node: {
      company: null,
      currency: 'CNY',
      taxed_amount: Math.round(random() * 100_000) / 100,
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
    create_time: time,
    write_time: time,
    version: index + 1,
  };
}

/** The order of position `index`; every second one carries a purchase number. */
export function benchOrder(
  index: number,
  [name, time]: readonly [string, string],
  companyId: number,
  random: () => number,
  inquiryNo: string | null,
): OrderRow {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  return {
    id: index + 1,
    company_id: companyId,
    sheet_id: null,
    name,
    inquiry_no: index % 2 === 0 ? inquiryNo : null,
    state: pick(ORDER_STATE_CODES),
    order_base_state: null,
    state_change_time: time,
    order_state_log_list: [],
    forecast_receive_date: null,
    unpaid_amount: null,
    brand: null,
    brand_name: pick(BRANDS),
    payment_method: null,
    current_order_node: {
      company_id: companyId,
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
      taxed_amount: Math.round(random() * 100_000) / 100,
      currency: 'CNY',
    },
    order_node_list: [],
    order_product_list: [],
    sign_time: null,
    create_time: time,
    write_time: time,
    version: index + 1,
  };
}
