import { describe, expect, it } from 'vitest';
import {
  type ActionContext,
  linePrice,
  placeOrderRefusal,
  SHEET_ACTIONS,
  type SheetAction,
  sheetActionStates,
  sheetBreadcrumb,
  sheetStateLogEntries,
} from '../../../src/domain/purchase/sheetDetail';
import { SHEET_STATES } from '../../../src/domain/purchase/sheetStates';

const OFFLINE = '当前离线，该操作需要联网后再试';
const NOT_ON_SERVER = '采购单尚未同步到服务器，同步完成后才能进行此操作';
const SAVE_FIRST = '请先保存草稿，待同步完成后再发送询价';
const ready: ActionContext = { online: true, temporary: false, pending: false, dirty: false };

const shown = (state: string) => {
  const states = sheetActionStates({ state, inquiry_product_list: [] }, ready);
  return SHEET_ACTIONS.filter((action) => states[action].shown);
};

describe('sheetActionStates: which actions each state offers (§4.2)', () => {
  const expected: Record<string, SheetAction[]> = {
    DRAFT: ['cancel', 'sendInquiry', 'saveDraft', 'changeOwner'],
    INQUIRY_SENT: ['cancel', 'changeOwner'],
    INQUIRY_REPLIED: ['placeOrder', 'cancel', 'changeOwner'],
    FOLLOWED_UP: ['placeOrder', 'cancel', 'changeOwner'],
    QUOTATION_SENT: ['placeOrder', 'cancel', 'changeOwner'],
    CONTRACT_AUDITING: ['cancel', 'changeOwner'],
    CONTRACT_ENFORCED: ['changeOwner'],
    CANCELLED: ['restore', 'changeOwner'],
    SIGN: ['cancel'],
    SIGNED: ['cancel', 'changeOwner'],
  };
  it.each(Object.entries(expected))('%s', (state, actions) => {
    expect(shown(state)).toEqual(actions);
  });

  it('every known state shows change owner unless SIGN, and cancel unless the two end states', () => {
    for (const state of SHEET_STATES) {
      const actions = shown(state);
      expect(actions.includes('changeOwner')).toBe(state !== 'SIGN');
      expect(actions.includes('cancel')).toBe(
        state !== 'CANCELLED' && state !== 'CONTRACT_ENFORCED',
      );
    }
  });
});

describe('sheetActionStates: a sheet that became an order', () => {
  const ordered = (state: string) => {
    const states = sheetActionStates({ state, inquiry_product_list: [], order: { id: 7 } }, ready);
    return SHEET_ACTIONS.filter((action) => states[action].shown);
  };

  it.each([
    ['CONTRACT_SIGNED', ['requestOrderCancel', 'changeOwner']],
    ['CONTRACT_ENFORCED', ['requestOrderCancel', 'changeOwner']],
    ['ORDER_PLACED', ['changeOwner']],
    ['DELIVERED', ['changeOwner']],
    ['CANCEL_REQUESTED', ['changeOwner']],
    ['SIGNED', ['changeOwner']],
    ['SIGN', []],
  ] as const)('%s offers %j: never 取消采购单', (state, actions) => {
    expect(ordered(state)).toEqual(actions);
  });

  it('never offers the sheet cancel for any known state, and the request only with an order', () => {
    for (const state of SHEET_STATES) {
      expect(ordered(state).includes('cancel')).toBe(false);
      expect(shown(state).includes('requestOrderCancel')).toBe(false);
    }
  });

  it('the order cancel request works offline (it goes through the outbox)', () => {
    const sheet = { state: 'CONTRACT_SIGNED', inquiry_product_list: [], order: { id: 7 } };
    expect(sheetActionStates(sheet, { ...ready, online: false }).requestOrderCancel).toEqual({
      shown: true,
      disabledReason: null,
    });
  });
});

describe('sheetActionStates: what can run now', () => {
  const draft = { state: 'DRAFT', inquiry_product_list: [] };
  const quoted = { state: 'QUOTATION_SENT', inquiry_product_list: [] };

  it('offline: server actions disabled with the reason, outbox actions still usable', () => {
    const states = sheetActionStates(draft, { ...ready, online: false });
    expect(states.cancel.disabledReason).toBe(OFFLINE);
    expect(states.sendInquiry.disabledReason).toBe(OFFLINE);
    expect(states.saveDraft.disabledReason).toBeNull();
    expect(states.changeOwner.disabledReason).toBeNull();
    expect(sheetActionStates(quoted, { ...ready, online: false }).placeOrder.disabledReason).toBe(
      OFFLINE,
    );
  });

  it('a sheet made offline waits for its create before any server action', () => {
    const states = sheetActionStates(draft, { ...ready, temporary: true, pending: true });
    expect(states.cancel.disabledReason).toBe(NOT_ON_SERVER);
    expect(states.sendInquiry.disabledReason).toBe(NOT_ON_SERVER);
    expect(states.saveDraft.disabledReason).toBeNull();
  });

  it('send inquiry waits for unsaved or unsynced edits; the other actions do not', () => {
    for (const context of [
      { ...ready, dirty: true },
      { ...ready, pending: true },
    ]) {
      const states = sheetActionStates(draft, context);
      expect(states.sendInquiry.disabledReason).toBe(SAVE_FIRST);
      expect(states.cancel.disabledReason).toBeNull();
    }
    expect(sheetActionStates(draft, ready).sendInquiry.disabledReason).toBeNull();
  });

  it('place order stays usable with a 3C line; pressing it gives the refusal', () => {
    const ccc = {
      state: 'INQUIRY_REPLIED',
      inquiry_product_list: [{ quote_state: 'QUOTED' }, { quote_state: 'CCC' }],
    };
    expect(sheetActionStates(ccc, ready).placeOrder).toEqual({ shown: true, disabledReason: null });
    expect(placeOrderRefusal(ccc)).toBe('产品中存在3C产品, 请先删除3C产品再申请执行合同');
    expect(placeOrderRefusal(quoted)).toBeNull();
  });
});

describe('sheetBreadcrumb', () => {
  it('create form: 采购单 / 新建', () => {
    expect(sheetBreadcrumb('ALL', null, true)).toEqual([
      { label: '采购单', listType: 'ALL' },
      { label: '新建' },
    ]);
  });

  it('detail: the list it came from, then the number', () => {
    expect(sheetBreadcrumb('REPLIED', 'XJ1', false)).toEqual([
      { label: '采购单', listType: 'ALL' },
      { label: '已报价', listType: 'REPLIED' },
      { label: 'XJ1' },
    ]);
    expect(sheetBreadcrumb('INQUIRY', null, false)).toEqual([
      { label: '采购单', listType: 'ALL' },
      { label: '询价中', listType: 'INQUIRY' },
    ]);
  });
});

describe('linePrice', () => {
  const priceMap = { '7': { taxed_price_unit: 12.5, taxed_amount: 25 } };
  const sheet = (state: string) => ({ state, supplier_node: { price_map: priceMap } });

  it.each([
    ['INQUIRY_REPLIED', true],
    ['FOLLOWED_UP', true],
    ['QUOTATION_SENT', true],
    ['CONTRACT_AUDITING', true],
    ['CONTRACT_ENFORCED', true],
    ['DRAFT', false],
    ['INQUIRY_SENT', false],
    ['CANCELLED', false],
    ['SIGNED', false],
  ])('%s shows prices: %s', (state, prices) => {
    expect(linePrice(sheet(state), 7)).toEqual(prices ? { unit: 12.5, total: 25 } : null);
  });

  it('a quoted state without a price for the line shows it as absent', () => {
    expect(linePrice(sheet('QUOTATION_SENT'), 8)).toEqual({ unit: null, total: null });
  });
});

describe('sheetStateLogEntries', () => {
  it('labels each state, keeps unknown codes and missing times', () => {
    expect(
      sheetStateLogEntries([
        { state: 'DRAFT', time: '2025-01-01T00:00:00.000Z' },
        { state: 'INQUIRY_SENT', time: '2025-01-02T00:00:00.000Z' },
        { state: 'NEW_CODE' },
      ]),
    ).toEqual([
      { state: 'DRAFT', label: '草稿', time: '2025-01-01T00:00:00.000Z' },
      { state: 'INQUIRY_SENT', label: '已询价', time: '2025-01-02T00:00:00.000Z' },
      { state: 'NEW_CODE', label: 'NEW_CODE', time: null },
    ]);
  });
});
