import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canChangeSheetOwner,
  canPlaceOrder,
  canRestore,
  canSaveDraft,
  canSendInquiry,
  DEFAULT_PAYMENT_METHOD,
  linesEditable,
  listTaxedTotal,
  ownerCandidates,
  type StaffMember,
  showsListTotal,
  showsQuotePrices,
  validityWarning,
} from '../../../src/domain/purchase/rules';
import { SHEET_STATES } from '../../../src/domain/purchase/sheetStates';

// One column per rule of purchasing-core §4.2, one row per sheet state:
// [state, placeOrder, cancel, restore, changeOwner, quotePrices, listTotal, draft]
const Y = true;
const N = false;
const table = [
  ['DRAFT', N, Y, N, Y, N, N, Y],
  ['INQUIRY_WAITING', N, Y, N, Y, N, N, N],
  ['DELAY_INQUIRY', N, Y, N, Y, N, N, N],
  ['INQUIRY_SENT', N, Y, N, Y, N, N, N],
  ['INQUIRY_PUSH', N, Y, N, Y, N, N, N],
  ['EXPENSE_EXAMINE', N, Y, N, Y, N, N, N],
  ['EXPENSE_APPROVED', N, Y, N, Y, N, N, N],
  ['INQUIRY_REPLIED', Y, Y, N, Y, Y, Y, N],
  ['FOLLOWED_UP', Y, Y, N, Y, Y, Y, N],
  ['QUOTATION_SENT', Y, Y, N, Y, Y, Y, N],
  ['QUOTATION_REFUSE', N, Y, N, Y, N, N, N],
  ['CONTRACT_AUDITING', N, Y, N, Y, Y, Y, N],
  ['CONTRACT_SENT', N, Y, N, Y, N, N, N],
  ['CONTRACT_SIGNED', N, Y, N, Y, N, N, N],
  ['CONTRACT_ENFORCED', N, N, N, Y, Y, N, N],
  ['ORDER_PLACED', N, Y, N, Y, N, N, N],
  ['ORDER_CONFIRMED', N, Y, N, Y, N, N, N],
  ['OVERSEA_PARTIAL', N, Y, N, Y, N, N, N],
  ['OVERSEA_RECEIVED', N, Y, N, Y, N, N, N],
  ['EXPORTED', N, Y, N, Y, N, N, N],
  ['IMPORTED', N, Y, N, Y, N, N, N],
  ['DOMESTIC_PARTIAL', N, Y, N, Y, N, N, N],
  ['DOMESTIC_RECEIVED', N, Y, N, Y, N, N, N],
  ['DELIVERED', N, Y, N, Y, N, N, N],
  ['CANCELLED', N, N, Y, Y, N, N, N],
  ['CANCEL_REQUESTED', N, Y, N, Y, N, N, N],
  ['CANCEL_CONFIRMED', N, Y, N, Y, N, N, N],
  ['SIGN', N, Y, N, N, N, N, N],
  ['SIGNED', N, Y, N, Y, N, N, N],
] as const;

describe('sheet actions by state', () => {
  it.each(table)(
    '%s: order %s, cancel %s, restore %s, owner %s, prices %s, total %s, draft %s',
    (state, order, cancel, restore, owner, prices, total, draft) => {
      expect(canPlaceOrder(state, []).kind).toBe(order ? 'allowed' : 'notOffered');
      expect(canCancel(state, false)).toBe(cancel);
      expect(canCancel(state, true)).toBe(false);
      expect(canRestore(state)).toBe(restore);
      expect(canChangeSheetOwner(state)).toBe(owner);
      expect(showsQuotePrices(state)).toBe(prices);
      expect(showsListTotal(state)).toBe(total);
      expect(linesEditable(state)).toBe(draft);
      expect(canSaveDraft(state)).toBe(draft);
      expect(canSendInquiry(state)).toBe(draft);
    },
  );

  it('covers every sheet state exactly once', () => {
    expect(table.map(([state]) => state).sort()).toEqual([...SHEET_STATES].sort());
  });

  it('treats a state unknown to this version as "unless" rules allow and "only" rules refuse', () => {
    expect(canPlaceOrder('NEW_STATE', []).kind).toBe('notOffered');
    expect(canCancel('NEW_STATE', false)).toBe(true);
    expect(canRestore('NEW_STATE')).toBe(false);
    expect(canChangeSheetOwner('NEW_STATE')).toBe(true);
    expect(showsQuotePrices('NEW_STATE')).toBe(false);
    expect(linesEditable('NEW_STATE')).toBe(false);
  });

  it.each([null, undefined])('treats the create form (state %s) as a draft', (state) => {
    expect(linesEditable(state)).toBe(true);
    expect(canSaveDraft(state)).toBe(true);
    expect(canSendInquiry(state)).toBe(true);
  });
});

describe('canPlaceOrder with a 3C line', () => {
  const ccc = [{ quote_state: 'QUOTED' }, { quote_state: 'CCC' }];

  it.each(['INQUIRY_REPLIED', 'FOLLOWED_UP', 'QUOTATION_SENT'])(
    '%s refuses with the 3C message',
    (state) => {
      expect(canPlaceOrder(state, ccc)).toEqual({
        kind: 'refused',
        message: '产品中存在3C产品, 请先删除3C产品再申请执行合同',
      });
    },
  );

  it('does not offer the action at all in other states, 3C or not', () => {
    expect(canPlaceOrder('DRAFT', ccc)).toEqual({ kind: 'notOffered' });
  });

  it('allows lines without a 3C quote state (missing states included)', () => {
    expect(
      canPlaceOrder('QUOTATION_SENT', [{ quote_state: 'QUOTED' }, {}, { quote_state: null }]),
    ).toEqual({
      kind: 'allowed',
    });
  });
});

describe('validityWarning', () => {
  const DAY = 86_400_000;
  const now = Date.UTC(2024, 6, 1, 12, 0, 0);
  const line = (end: string | number | null | undefined) => ({
    product: { validity_end_date: end },
  });

  it.each([
    ['exactly 180 days ago', now - 15_552_000_000, true],
    ['180 days minus 1 ms ago', now - 15_552_000_000 + 1, false],
    ['a year ago', now - 365 * DAY, true],
    ['yesterday', now - DAY, false],
    ['in the future', now + 30 * DAY, false],
  ])('warns for a date %s: %s', (_name, end, expected) => {
    expect(validityWarning('INQUIRY_REPLIED', [line(end)], now)).toBe(expected);
  });

  it.each([
    ['2024-01-03 12:00:00', true], // server format, read as UTC: exactly 180 days
    ['2024-01-03 12:00:01', false],
    ['2024-01-03', true], // a bare date is UTC midnight
    ['2024-01-04', false],
  ])('reads the server date %j: %s', (end, expected) => {
    expect(validityWarning('CONTRACT_AUDITING', [line(end)], now)).toBe(expected);
  });

  it('reads ISO date strings', () => {
    expect(validityWarning('INQUIRY_REPLIED', [line('2024-01-03T12:00:00Z')], now)).toBe(true);
    expect(validityWarning('INQUIRY_REPLIED', [line('2024-01-03T12:00:00.001Z')], now)).toBe(false);
  });

  it('ignores missing and unreadable dates', () => {
    const lines = [
      line(null),
      line(undefined),
      line(''),
      line('not a date'),
      {},
      { product: null },
    ];
    expect(validityWarning('INQUIRY_REPLIED', lines, now)).toBe(false);
  });

  it('warns when any one line is old', () => {
    expect(
      validityWarning('FOLLOWED_UP', [line(now), line(null), line(now - 200 * DAY)], now),
    ).toBe(true);
  });

  it.each([
    ['INQUIRY_REPLIED', true],
    ['QUOTATION_SENT', true],
    ['FOLLOWED_UP', true],
    ['CONTRACT_AUDITING', true],
    ['DRAFT', false],
    ['CONTRACT_ENFORCED', false],
    ['CONTRACT_SIGNED', false],
    ['CANCELLED', false],
  ])('only warns in quoted states: %s → %s', (state, expected) => {
    expect(validityWarning(state, [line(now - 365 * DAY)], now)).toBe(expected);
  });
});

describe('ownerCandidates', () => {
  const staff: StaffMember[] = [
    { id: 1, name: '张三', status: 'IN_SERVICE', companyId: 10 },
    { id: 2, name: '李四', status: 'IN_SERVICE', companyId: 10 },
    { id: 3, name: '王五', status: 'DEPART', companyId: 10 },
    { id: 4, name: '赵六', status: 'IN_SERVICE', companyId: 11 },
  ];

  it('offers in-service staff of the current company except the present owner', () => {
    expect(ownerCandidates(staff, 10, 1).map((person) => person.name)).toEqual(['李四']);
  });

  it('offers all in-service staff of the company when there is no owner', () => {
    expect(ownerCandidates(staff, 10, null).map((person) => person.id)).toEqual([1, 2]);
  });
});

it('a new sheet pays by ADVANCE_PAYMENT', () => {
  expect(DEFAULT_PAYMENT_METHOD).toBe('ADVANCE_PAYMENT');
});

describe('listTaxedTotal', () => {
  const sheetNode = { taxed_amount: 10, currency: 'EUR' };
  const orderNode = { taxed_amount: 11.3, currency: 'CNY' };

  it("shows the order's amount on the order table, the sheet's while it has no order", () => {
    const sheet = { state: 'DRAFT', supplier_node: sheetNode };
    expect(listTaxedTotal(sheet, { supplier_node: orderNode }, true)).toBe(orderNode);
    expect(listTaxedTotal(sheet, null, true)).toBe(sheetNode);
  });

  it("shows the sheet's amount on the inquiry table only in the states that show it", () => {
    for (const [state, , , , , , total] of table) {
      const shown = listTaxedTotal({ state, supplier_node: sheetNode }, null, false);
      expect(shown).toBe(total ? sheetNode : null);
    }
  });
});
