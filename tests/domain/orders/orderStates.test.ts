import { describe, expect, it } from 'vitest';
import {
  isOrderStateCode,
  LOGISTICS_STATUSES,
  ORDER_BASE_STATES,
  ORDER_STATE_CODES,
  orderStateLabel,
  orderStateName,
  toOrderStateCode,
} from '../../../src/domain/orders/orderStates';

// purchasing-core §4.3 / settings-messaging-shared §4 "Order state numeric codes": code, state name, label.
const codes = [
  [10, 'CONTRACT_SIGNED', '合同已签订'],
  [20, 'CONTRACT_ENFORCED', '合同已执行'],
  [30, 'ORDER_PLACED', '已向供应商下单'],
  [40, 'ORDER_CONFIRMED', '供应商已确认'],
  [50, 'OVERSEA_PARTIAL', '海外仓部分收货'],
  [55, 'OVERSEA_RECEIVED', '海外仓已收货'],
  [60, 'EXPORTED', '已出口'],
  [70, 'IMPORTED', '已进口'],
  [73, 'DOMESTIC_PARTIAL', '国内仓部分收货'],
  [75, 'DOMESTIC_RECEIVED', '国内仓已收货'],
  [80, 'DELIVERED', '已发货'],
  [90, 'SIGNED', '已签收'],
  [-10, 'CANCEL_REQUESTED', '取消申请中'],
  [-20, 'CANCEL_CONFIRMED', '已确认取消'],
] as const;

describe('order state codes', () => {
  it.each(codes)('%s is %s, shown as %s', (code, name, label) => {
    expect(isOrderStateCode(code)).toBe(true);
    expect(orderStateName(code)).toBe(name);
    expect(toOrderStateCode(name)).toBe(code);
    expect(toOrderStateCode(String(code))).toBe(code);
    expect(orderStateLabel(code)).toBe(label);
    expect(orderStateLabel(String(code))).toBe(label);
    expect(orderStateLabel(name)).toBe(label);
  });

  it('covers every code exactly once, in progression order', () => {
    expect(ORDER_STATE_CODES).toEqual(codes.map(([code]) => code));
  });

  it('reads SIGN (detail screens) as SIGNED', () => {
    expect(toOrderStateCode('SIGN')).toBe(90);
    expect(orderStateName('SIGN')).toBe('SIGNED');
    expect(orderStateLabel('SIGN')).toBe('已签收');
  });

  it.each([
    [0, null],
    [15, null],
    [-30, null],
    ['15', null],
    ['1.5', null],
    ['ABC', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [' 20 ', 20],
  ])('toOrderStateCode(%j) → %j', (value, expected) => {
    expect(toOrderStateCode(value)).toBe(expected);
  });

  it.each([
    [15, '15'],
    ['NEW_STATE', 'NEW_STATE'],
    [null, ''],
    [undefined, ''],
  ])('shows an unknown state as it is: %j → %j', (value, expected) => {
    expect(orderStateLabel(value)).toBe(expected);
  });

  it('has the base state CANCELLED', () => {
    expect(ORDER_BASE_STATES).toEqual(['CANCELLED']);
  });
});

// settings-messaging-shared §4 "Logistics status labels"; names shared with the numeric codes take the same label.
const logistics = [
  ['DRAFT', '草稿'],
  ['CONTRACT_SIGNED', '合同已签订'],
  ['CONTRACT_ENFORCED', '合同已执行'],
  ['ORDER_PLACED', '已向供应商下单'],
  ['ORDER_CONFIRMED', '供应商已确认'],
  ['TRANSFERRING', '转运中'],
  ['OVERSEA_PARTIAL', '海外仓部分收货'],
  ['OVERSEA_RECEIVED', '海外仓已收货'],
  ['PACKED_PALLET', '已打托'],
  ['EXPORTED', '已出口'],
  ['IMPORTED', '已进口'],
  ['DOMESTIC_PARTIAL', '国内仓部分收货'],
  ['DOMESTIC_RECEIVED', '国内仓已收货'],
  ['DELIVERED', '已发货'],
  ['SIGNED', '已签收'],
  ['CANCEL_REQUESTED', '取消申请中'],
  ['CANCEL_CONFIRMED', '已确认取消'],
] as const;

describe('logistics statuses', () => {
  it.each(logistics)('%s → %s', (code, label) => {
    expect(LOGISTICS_STATUSES.label(code)).toBe(label);
    expect(orderStateLabel(code)).toBe(label);
  });

  it('covers every status exactly once, in the spec order', () => {
    expect(LOGISTICS_STATUSES.codes).toEqual(logistics.map(([code]) => code));
  });

  it('names without a numeric code have no code', () => {
    expect(toOrderStateCode('TRANSFERRING')).toBeNull();
    expect(orderStateName('TRANSFERRING')).toBe('TRANSFERRING');
  });
});
