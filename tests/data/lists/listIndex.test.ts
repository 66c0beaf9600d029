// The lists' sort and filter entries (src/data/lists/listIndex.ts) agree with the domain's tab rules:
// a tab's slots are exactly the states it holds, and a row's entries carry its values.
import { describe, expect, it } from 'vitest';
import {
  findPrefixes,
  OTHER_SLOT,
  orderListKeys,
  orderSlot,
  orderSlotsOf,
  orderSlotsOfCodes,
  purchaseTabOfOrder,
  sheetListKeys,
  sheetSlot,
  sheetSlotsOf,
  sheetSlotsOfGroups,
} from '../../../src/data/lists/listIndex';
import { ORDER_STATE_CODES } from '../../../src/domain/orders/orderStates';
import { ORDER_TABS, orderInTab } from '../../../src/domain/orders/orderTabs';
import { SHEET_LIST_TYPES, sheetInList } from '../../../src/domain/purchase/listTypes';
import { SHEET_STATES } from '../../../src/domain/purchase/sheetStates';
import { order, sheet } from '../rows';

describe('sheet slots', () => {
  it.each(SHEET_LIST_TYPES)('%s holds exactly the states the tab rule lets in', (listType) => {
    const slots = new Set(sheetSlotsOf(listType));
    for (const state of SHEET_STATES) {
      expect(slots.has(sheetSlot(state))).toBe(sheetInList(listType, state));
    }
    expect(slots.has(OTHER_SLOT)).toBe(listType === 'ALL');
  });

  it('are in state order, so the state column sorts by walking them', () => {
    const slots = sheetSlotsOf('ALL');
    expect(slots).toEqual([...slots].sort());
  });

  it('an unknown state has the other slot; a state group its states', () => {
    expect(sheetSlot('FROM_A_NEWER_SERVER')).toBe(OTHER_SLOT);
    expect([...sheetSlotsOfGroups(['SIGNED'])].sort()).toEqual(['SIGN', 'SIGNED']);
  });
});

describe('order slots', () => {
  const variants = [...ORDER_STATE_CODES, 999].flatMap((state) =>
    [null, 'CANCELLED'].flatMap((base) =>
      ['INVOICE', 'PARTIAL', null].map((invoice) =>
        order(1, {
          state,
          order_base_state: base,
          supplier_node: { ...order(1).supplier_node, invoice_state: invoice },
        }),
      ),
    ),
  );

  it.each(ORDER_TABS)('%s holds exactly the orders the tab rule lets in', (tab) => {
    const slots = new Set(orderSlotsOf(tab));
    for (const row of variants) expect(slots.has(orderSlot(row))).toBe(orderInTab(tab, row));
  });

  it('a state filter is the slots of its codes', () => {
    const slots = orderSlotsOfCodes([20]);
    for (const row of variants) expect(slots.has(orderSlot(row))).toBe(row.state === 20);
  });
});

describe('entries', () => {
  it('a sheet has one entry per field; absent values are marked, not left out', () => {
    const row = sheet(5, {
      state: 'INQUIRY_SENT',
      brand_name: '',
      brand: null,
      current_node: { company_id: 1, contacts_user: { id: 7, name: '张三' } },
    });
    expect(sheetListKeys(1, row)).toEqual([
      [1, 'INQUIRY_SENT', 'name', 0, 'XJ20250101000005'],
      [1, 'INQUIRY_SENT', 'brand', 1],
      [1, 'INQUIRY_SENT', 'owner', 0, ['张三', 7]],
      [1, 'INQUIRY_SENT', 'amount', 1],
      [1, 'INQUIRY_SENT', 'changed', 0, row.state_change_time],
      [1, 'INQUIRY_SENT', 'created', 0, row.create_time],
      [1, 'INQUIRY_SENT', 'find', 0, '>xj20250101000005'],
      [1, 'INQUIRY_SENT', 'find', 0, '<50000010105202jx'],
    ]);
  });

  it("an order of a sheet also carries the purchase list's order columns, ending with the sheet", () => {
    const row = order(9, {
      sheet_id: 5,
      state: 90,
      inquiry_no: 'XJ5',
      sign_time: '2025-01-02T00:00:00.000Z',
      supplier_node: { ...order(9).supplier_node, inbound_state: 'RECEIPTED' },
    });
    const purchase = orderListKeys(1, row).filter((entry) => entry[1] === 'P:SIGNED');
    expect(purchase).toEqual([
      [1, 'P:SIGNED', 'payment', 0, 'RECEIPTED', 5],
      [1, 'P:SIGNED', 'invoice', 0, 'NO_INVOICE', 5],
      [1, 'P:SIGNED', 'signed', 0, '2025-01-02T00:00:00.000Z', 5],
    ]);
    expect(orderListKeys(1, row)).toEqual(
      expect.arrayContaining([
        [1, '90', 'name', 0, 'PO20250101000009'],
        [1, '90', 'find', 0, '>po20250101000009'],
        [1, '90', 'find', 0, '>xj5'],
        [1, '90', 'find', 0, '<5jx'],
      ]),
    );
    expect(orderListKeys(1, { ...row, sheet_id: null }).some((e) => e[1].startsWith('P:'))).toBe(
      false,
    );
  });

  it('a number is found by its beginning or its end, in any case', () => {
    expect(findPrefixes('XJ2025')).toEqual(['>xj2025', '<5202jx']);
  });

  it("an order's sheet is in the purchase tab of its state", () => {
    expect(purchaseTabOfOrder(10)).toBe('OUTBOUND_PAYING');
    expect(purchaseTabOfOrder(30)).toBe('CARGO_RECEIVING');
    expect(purchaseTabOfOrder(90)).toBe('SIGNED');
    expect(purchaseTabOfOrder(-20)).toBeNull();
    expect(purchaseTabOfOrder(999)).toBeNull();
  });
});
