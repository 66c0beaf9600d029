import { describe, expect, it } from 'vitest';
import {
  isSheetListType,
  isSortableColumn,
  listTypesOfSheet,
  purchaseRowTarget,
  SHEET_LIST_TYPE_INFO,
  SHEET_LIST_TYPES,
  type SheetListType,
  searchFieldVisible,
  sheetInList,
} from '../../../src/domain/purchase/listTypes';
import { SHEET_STATES } from '../../../src/domain/purchase/sheetStates';

// purchasing-core §2.2 "sheetType values and breadcrumb names", with the table each shows.
const breadcrumbs = [
  ['INQUIRY', '询价中', 'inquiry'],
  ['REPLIED', '已报价', 'inquiry'],
  ['OUTBOUND_PAYING', '待付款', 'order'],
  ['CARGO_RECEIVING', '待收货', 'order'],
  ['SIGNED', '已签收', 'order'],
  ['ALL', '全部', 'inquiry'],
] as const;

describe('sheet list types', () => {
  it.each(breadcrumbs)('%s reads %s and shows the %s table', (type, breadcrumb, table) => {
    expect(SHEET_LIST_TYPE_INFO[type].breadcrumb).toBe(breadcrumb);
    expect(SHEET_LIST_TYPE_INFO[type].table).toBe(table);
  });

  it('covers every list type exactly once', () => {
    expect(breadcrumbs.map(([type]) => type).sort()).toEqual([...SHEET_LIST_TYPES].sort());
  });

  it.each([
    ['ALL', true],
    ['SIGNED', true],
    ['signed', false],
    ['', false],
    [undefined, false],
    [3, false],
  ])('isSheetListType(%j) is %s', (value, expected) => {
    expect(isSheetListType(value)).toBe(expected);
  });
});

describe('columns', () => {
  const base = [
    'index',
    'purchaseNumber',
    'brand',
    'owner',
    'state',
    'stateChangeTime',
    'createTime',
  ];
  // [type, tax-inclusive total, expected arrival, payment state, invoice state, signing time]
  const rows = [
    ['INQUIRY', false, false, false, false, false],
    ['REPLIED', true, false, false, false, false],
    ['OUTBOUND_PAYING', true, false, false, false, false],
    ['CARGO_RECEIVING', true, true, false, false, false],
    ['SIGNED', true, false, true, true, true],
    ['ALL', true, false, false, false, false],
  ] as const;

  it.each(rows)(
    '%s: total %s, arrival %s, payment %s, invoice %s, signing %s',
    (type, total, arrival, payment, invoice, signing) => {
      const columns: readonly string[] = SHEET_LIST_TYPE_INFO[type].columns;
      for (const column of base) expect(columns).toContain(column);
      expect(columns.includes('taxedTotal')).toBe(total);
      expect(columns.includes('forecastReceiveDate')).toBe(arrival);
      expect(columns.includes('paymentState')).toBe(payment);
      expect(columns.includes('invoiceState')).toBe(invoice);
      expect(columns.includes('signTime')).toBe(signing);
    },
  );

  it('lists each column once and starts with the row number', () => {
    for (const type of SHEET_LIST_TYPES) {
      const { columns } = SHEET_LIST_TYPE_INFO[type];
      expect(new Set(columns).size).toBe(columns.length);
      expect(columns[0]).toBe('index');
    }
  });

  it('sorts by every header except the row number', () => {
    expect(isSortableColumn('index')).toBe(false);
    expect(isSortableColumn('brand')).toBe(true);
    expect(isSortableColumn('createTime')).toBe(true);
  });
});

describe('searchFieldVisible', () => {
  const rows: [SheetListType, boolean][] = [
    ['INQUIRY', false],
    ['REPLIED', false],
    ['OUTBOUND_PAYING', false],
    ['CARGO_RECEIVING', false],
    ['SIGNED', true],
    ['ALL', false],
  ];

  it.each(rows)('%s shows the supplier invoice and outbound state filters: %s', (type, shown) => {
    expect(searchFieldVisible(type, 'supplier_invoice_state')).toBe(shown);
    expect(searchFieldVisible(type, 'supplier_outbound_state')).toBe(shown);
  });

  it.each(SHEET_LIST_TYPES)('%s shows any other field of the server form', (type) => {
    expect(searchFieldVisible(type, 'brand_name')).toBe(true);
  });
});

describe('list membership', () => {
  // Our reading (the spec does not say): the tabs follow the sheet-state label groups.
  const rows: [string, SheetListType[]][] = [
    ['DRAFT', ['INQUIRY', 'ALL']],
    ['INQUIRY_WAITING', ['INQUIRY', 'ALL']],
    ['DELAY_INQUIRY', ['INQUIRY', 'ALL']],
    ['INQUIRY_SENT', ['INQUIRY', 'ALL']],
    ['INQUIRY_PUSH', ['INQUIRY', 'ALL']],
    ['EXPENSE_EXAMINE', ['INQUIRY', 'ALL']],
    ['EXPENSE_APPROVED', ['INQUIRY', 'ALL']],
    ['QUOTATION_REFUSE', ['INQUIRY', 'ALL']],
    ['INQUIRY_REPLIED', ['REPLIED', 'ALL']],
    ['QUOTATION_SENT', ['REPLIED', 'ALL']],
    ['FOLLOWED_UP', ['REPLIED', 'ALL']],
    ['CONTRACT_AUDITING', ['REPLIED', 'ALL']],
    ['CONTRACT_SENT', ['REPLIED', 'ALL']],
    ['CONTRACT_SIGNED', ['OUTBOUND_PAYING', 'ALL']],
    ['CONTRACT_ENFORCED', ['CARGO_RECEIVING', 'ALL']],
    ['ORDER_PLACED', ['CARGO_RECEIVING', 'ALL']],
    ['ORDER_CONFIRMED', ['CARGO_RECEIVING', 'ALL']],
    ['OVERSEA_PARTIAL', ['CARGO_RECEIVING', 'ALL']],
    ['OVERSEA_RECEIVED', ['CARGO_RECEIVING', 'ALL']],
    ['EXPORTED', ['CARGO_RECEIVING', 'ALL']],
    ['IMPORTED', ['CARGO_RECEIVING', 'ALL']],
    ['DOMESTIC_PARTIAL', ['CARGO_RECEIVING', 'ALL']],
    ['DOMESTIC_RECEIVED', ['CARGO_RECEIVING', 'ALL']],
    ['DELIVERED', ['CARGO_RECEIVING', 'ALL']],
    ['SIGN', ['SIGNED', 'ALL']],
    ['SIGNED', ['SIGNED', 'ALL']],
    ['CANCELLED', ['ALL']],
    ['CANCEL_REQUESTED', ['ALL']],
    ['CANCEL_CONFIRMED', ['ALL']],
  ];

  it.each(rows)('%s appears in %j', (state, types) => {
    expect(listTypesOfSheet(state)).toEqual(types);
    for (const type of SHEET_LIST_TYPES)
      expect(sheetInList(type, state)).toBe(types.includes(type));
  });

  it('covers every sheet state exactly once', () => {
    expect(rows.map(([state]) => state).sort()).toEqual([...SHEET_STATES].sort());
  });

  it('puts a state unknown to this version only in ALL', () => {
    expect(listTypesOfSheet('SOMETHING_NEW')).toEqual(['ALL']);
    expect(listTypesOfSheet('')).toEqual(['ALL']);
  });
});

describe('purchaseRowTarget', () => {
  const filter = '{"brand":"ABB"}';

  it.each([
    ['INQUIRY', 7, null],
    ['REPLIED', 7, undefined],
    ['ALL', 7, null],
    ['ALL', 7, ''],
  ] as const)('%s row %s without an order opens the sheet detail', (listType, id, orderId) => {
    expect(purchaseRowTarget({ listType, id, orderId, index: 3, filter })).toEqual({
      path: '/inquiry-quotation/detail',
      search: { id: 7, index: 3, filter },
    });
  });

  it.each([
    ['REPLIED', 7, 901],
    ['OUTBOUND_PAYING', 7, 901],
    ['CARGO_RECEIVING', 7, 901],
    ['SIGNED', 7, 901],
    ['ALL', 7, 901],
    ['ALL', 7, 0],
  ] as const)('%s row %s with order %s opens the order detail', (listType, id, orderId) => {
    expect(purchaseRowTarget({ listType, id, orderId, index: 0, filter: '' })).toEqual({
      path: '/inquiry-quotation/order-detail',
      search: { id: orderId, type: listType, module: 'ORDER', index: 0, filter: '' },
    });
  });
});
