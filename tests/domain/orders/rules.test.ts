import { describe, expect, it } from 'vitest';
import {
  canChangeOrderOwner,
  canOpenOrderChat,
  canRequestOrderCancel,
  detailLoadStatus,
  formatOrderLineTotal,
  offersOrderCancelRequest,
  orderDetailVisibility,
} from '../../../src/domain/orders/rules';

// purchasing-core §2.4 and §6: [state, change owner offered, arrival date and unpaid amount shown]
const rows = [
  ['SIGN', false, true],
  ['SIGNED', false, false],
  [90, false, false],
  ['90', false, false],
  [80, true, true],
  [10, true, true],
  [-20, true, true],
  ['CONTRACT_SIGNED', true, true],
  ['DELIVERED', true, true],
  [null, true, true],
  [undefined, true, true],
  ['SOMETHING_NEW', true, true],
] as const;

describe('order detail by state', () => {
  it.each(rows)('%j: owner change %s, arrival and unpaid shown %s', (state, owner, fields) => {
    expect(canChangeOrderOwner(state)).toBe(owner);
    expect(orderDetailVisibility(state)).toEqual({
      forecastReceiveDate: fields,
      unpaidAmount: fields,
      changeOwnerButton: owner,
    });
  });
});

describe('formatOrderLineTotal', () => {
  it.each([
    [{ supplier_order_node_line: { taxed_amount: -1234.5 } }, 'CNY', '¥1,234.50'],
    [{ supplier_order_node_line: { taxed_amount: '99' } }, 'CNY', '¥99.00'],
    [{ supplier_order_node_line: { taxed_amount: 12 } }, undefined, '¥12.00'],
    [{ supplier_order_node_line: null }, 'CNY', '待确认'],
    [{}, 'CNY', '待确认'],
  ])('%j in %s → %s', (line, currency, expected) => {
    expect(formatOrderLineTotal(line, currency)).toBe(expected);
  });
});

describe('canOpenOrderChat', () => {
  it.each([
    ['loaded', true],
    ['loading', false],
    ['failed', false],
  ] as const)('%s → %s', (status, expected) => {
    expect(canOpenOrderChat(status)).toBe(expected);
  });

  it('reads the status from what the device answered', () => {
    expect(detailLoadStatus(undefined)).toBe('loading');
    expect(detailLoadStatus(null)).toBe('failed');
    expect(detailLoadStatus({ id: 1 })).toBe('loaded');
  });
});

describe('canRequestOrderCancel', () => {
  it.each([
    [10, true],
    [20, true],
    ['20', true],
    ['CONTRACT_SIGNED', true],
    [30, false],
    [90, false],
    [-10, false],
    [-20, false],
    [null, false],
  ] as const)('state %s → %s', (state, expected) => {
    expect(canRequestOrderCancel(state)).toBe(expected);
  });
});

describe('offersOrderCancelRequest', () => {
  it.each([
    [{ state: 10 }, true],
    [{ state: 'CONTRACT_ENFORCED' }, true],
    [{ state: 10, order_base_state: 'CANCELLED' }, false],
    [{ state: -10 }, false],
    [{ state: 30 }, false],
    [{ state: 'SIGNED' }, false],
  ] as const)('%o → %s', (order, expected) => {
    expect(offersOrderCancelRequest(order)).toBe(expected);
  });
});
