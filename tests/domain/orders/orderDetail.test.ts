import { describe, expect, it } from 'vitest';
import {
  formatOrderLineUnitPrice,
  ORDER_PRODUCT_COLUMNS,
  orderInvoiceTag,
  orderPaymentTag,
  purchaseNumberText,
} from '../../../src/domain/orders/orderDetail';

describe('purchase number: name plus inquiry number (§2.4)', () => {
  it.each([
    ['PO20260101000001', 'XJ20251220000007', 'PO20260101000001（XJ20251220000007）'],
    ['PO20260101000001', null, 'PO20260101000001'],
    ['PO20260101000001', '  ', 'PO20260101000001'],
  ])('%s + %j → %s', (name, inquiry, text) => {
    expect(purchaseNumberText(name, inquiry)).toBe(text);
  });
});

// §4.4: payment state (supplier inbound state) labels; two of them are list only.
describe('payment tag', () => {
  it.each([
    ['NO_RECEIPT', '未付款'],
    ['PARTIAL_RECEIPT', '部分付款'],
    ['RECEIPTED', '已付款'],
    ['REFUSED_RECEIPT', '拒绝付款'],
    ['PAYMENT_REQUESTED', null],
    ['PARTIAL_REFUSED', null],
    ['NEW_CODE', 'NEW_CODE'],
    [null, null],
    ['', null],
  ])('%j → %j', (state, tag) => {
    expect(orderPaymentTag(state)).toBe(tag);
  });
});

describe('invoice tag', () => {
  it.each([
    ['INVOICE', '已开票'],
    ['NO_INVOICE', '未开票'],
    ['PARTIAL', '部分开票'],
    ['PARTIAL_INVOICE', '部分开票'],
    ['REFUSED_INVOICE', '拒绝开票'],
    ['NEW_CODE', 'NEW_CODE'],
    [null, null],
  ])('%j → %j', (state, tag) => {
    expect(orderInvoiceTag(state)).toBe(tag);
  });
});

describe('product table (§2.4)', () => {
  it('has the spec columns in order', () => {
    expect(ORDER_PRODUCT_COLUMNS.map(([, header]) => header)).toEqual([
      '序号',
      '型号',
      '订货号',
      '参数',
      '数量',
      '含税单价',
      '含税总价',
    ]);
  });

  it.each([
    [-12.5, 'CNY', '¥12.50'],
    [1234.567, 'EUR', '€1,234.57'],
    [null, 'CNY', '待确认'],
  ])('unit price %j %s → %s', (price, currency, text) => {
    expect(
      formatOrderLineUnitPrice({ supplier_order_node_line: { taxed_price_unit: price } }, currency),
    ).toBe(text);
  });
});
