import { describe, expect, it } from 'vitest';
import {
  boxViews,
  formatKg,
  invoiceViews,
  newestFirst,
} from '../../../src/domain/orders/logistics';
import { box, boxLine, invoice, order, shippedOrder } from '../../documents/definitions/fixtures';

describe('logistics panel', () => {
  it('formats weights to 3 decimals in kg', () => {
    expect([formatKg(11.5), formatKg(3.0005), formatKg(0), formatKg(null)]).toEqual([
      '11.500 kg',
      '3.001 kg',
      '0.000 kg',
      '—',
    ]);
  });

  it('orders a log newest first, unreadable times last', () => {
    const log = ['2025-03-20T02:00:00Z', 'later?', '2025-03-22T02:00:00Z', '2025-03-21T02:00:00Z'];
    expect(newestFirst(log, (t) => t)).toEqual([
      '2025-03-22T02:00:00Z',
      '2025-03-21T02:00:00Z',
      '2025-03-20T02:00:00Z',
      'later?',
    ]);
  });

  it('shows each box with Chinese type and state, its lines matched to the order and its log', () => {
    const shipped = shippedOrder();
    const [first] = shipped.logistics ?? [];
    if (!first) throw new Error('no box');
    const logs = [
      { time: '2025-03-20T02:00:00.000Z', place: 'Hamburg 汉堡海外仓', info: '海外仓已收货入库' },
      { time: '2025-03-25T09:30:00.000Z', place: null, info: '顺丰已揽收，派送中' },
    ];
    const boxes = boxViews(
      { ...shipped, logistics: [{ ...first, logs }, box(2, { box_type: 'PALLET', state: 'X' })] },
      'Asia/Shanghai',
    );
    expect(boxes[0]).toMatchObject({
      name: 'PO2025001-1',
      type: '纸箱',
      state: '派送中',
      deliveryCompany: '顺丰速运',
      trackingNo: 'SF1000000000001',
      grossWeight: '10.000 kg',
      netWeight: '0.800 kg',
      extraWeight: '1.500 kg',
    });
    expect(boxes[0]?.lines.map((l) => [l.product, l.qty, l.exclusion])).toEqual([
      ['S7-1 / 6ES7-1', 4, null],
      ['S7-2 / 6ES7-2', 2, null],
      ['OUT-INVALID', 1, 'INVALID'],
    ]);
    expect(boxes[0]?.logs.map((l) => [l.time, l.place, l.info])).toEqual([
      ['2025-03-25 17:30', '—', '顺丰已揽收，派送中'],
      ['2025-03-20 10:00', 'Hamburg 汉堡海外仓', '海外仓已收货入库'],
    ]);
    // An unknown state shows its code; a box without extra weight shows none.
    expect(boxes[1]).toMatchObject({ type: '托盘', state: 'X', extraWeight: null });
  });

  it('names a box line whose order line is missing', () => {
    const [view] = boxViews(
      order({ logistics: [box(1, { box_lines: [boxLine(1, { order_product_id: 99 })] })] }),
      'Asia/Shanghai',
    );
    expect(view?.lines[0]?.product).toBe('（订单中无此产品）');
  });

  it('shows each invoice with state, amounts, 顺丰 and its log newest first in the user’s zone', () => {
    const [view] = invoiceViews(
      order({ invoices: [invoice({ delivery_company: null })] }),
      'Europe/Berlin',
    );
    expect(view).toMatchObject({
      number: '12345678',
      state: '已邮寄',
      date: '2025-04-02',
      taxedAmount: '¥3,000.12',
      untaxedAmount: '¥2,655.00',
      deliveryCompany: '顺丰',
      trackingNo: 'SF1234567890123',
    });
    expect(view?.logs.map((l) => [l.time, l.place, l.info])).toEqual([
      ['2025-04-03 11:30', '苏州', '已签收'],
      ['2025-04-02 04:00', '上海', '发票已开具'],
    ]);
  });

  it('is empty for an order without boxes or invoices, also in rows stored before orders carried documents', () => {
    const { logistics: _l, invoices: _i, ...old } = order();
    expect(boxViews(old, 'Asia/Shanghai')).toEqual([]);
    expect(invoiceViews(old, 'Asia/Shanghai')).toEqual([]);
  });
});
