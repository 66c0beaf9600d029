import { describe, expect, it } from 'vitest';
import {
  bigOrderReportWarning,
  contractExportProblems,
  firstPaymentBounds,
  validateFirstPayment,
} from '../../../src/domain/documents/contractExport';

const complete = {
  shipping: {
    address: '上海市浦东新区世纪大道1号',
    receiver: '张三',
    receiver_phone: '13812345678',
  },
  invoice: {
    address: '上海市浦东新区世纪大道1号',
    bank: '中国工商银行',
    account: '6222000000000000',
    tax_code: '91310000MA1FL0000X',
  },
};

describe('contractExportProblems', () => {
  it('asks a company outside CN for the items its invoice form asks only', () => {
    const foreign = {
      country: 'DE',
      shipping: complete.shipping,
      invoice: { ...complete.invoice, address: '', account: null },
    };
    expect(contractExportProblems(foreign)).toEqual([]);
    expect(
      contractExportProblems({ ...foreign, invoice: { ...foreign.invoice, bank: '' } }),
    ).toEqual(['公司开票信息：开户行未填写！']);
    expect(contractExportProblems({ ...foreign, country: 'CN' })).toEqual([
      '公司开票信息：地址未填写！',
      '公司开票信息：帐号未填写！',
    ]);
    expect(contractExportProblems({ ...foreign, country: null })).toHaveLength(2);
  });

  it.each([
    [
      'shipping address',
      { shipping: { ...complete.shipping, address: '' } },
      ['公司默认收货地址：地址未填写！'],
    ],
    [
      'receiver',
      { shipping: { ...complete.shipping, receiver: ' ' } },
      ['公司默认收货地址：收货人未填写！'],
    ],
    [
      'receiver phone',
      { shipping: { ...complete.shipping, receiver_phone: null } },
      ['公司默认收货地址：收货人电话未填写！'],
    ],
    [
      'invoice address',
      { invoice: { ...complete.invoice, address: '' } },
      ['公司开票信息：地址未填写！'],
    ],
    ['bank', { invoice: { ...complete.invoice, bank: '' } }, ['公司开票信息：开户行未填写！']],
    [
      'account',
      { invoice: { ...complete.invoice, account: undefined } },
      ['公司开票信息：帐号未填写！'],
    ],
    [
      'tax code',
      { invoice: { ...complete.invoice, tax_code: '' } },
      ['公司开票信息：税号未填写！'],
    ],
    ['nothing', {}, []],
  ])('missing %s', (_name, change, problems) => {
    expect(contractExportProblems({ ...complete, ...change })).toEqual(problems);
  });

  it('reports every item when both records are absent', () => {
    expect(contractExportProblems({ shipping: null, invoice: null })).toEqual([
      '公司默认收货地址：地址未填写！',
      '公司默认收货地址：收货人未填写！',
      '公司默认收货地址：收货人电话未填写！',
      '公司开票信息：地址未填写！',
      '公司开票信息：开户行未填写！',
      '公司开票信息：帐号未填写！',
      '公司开票信息：税号未填写！',
    ]);
  });
});

describe('validateFirstPayment', () => {
  const DECIMALS = '首付款金额最多填写2位小数！';
  const range1000 = '请注意300.00<=合同首付款金额<=1000.00元！';
  it.each([
    ['300', 1000, null],
    ['300.00', 1000, null],
    ['1000', 1000, null],
    ['500.5', 1000, null],
    ['299.99', 1000, range1000],
    ['1000.01', 1000, range1000],
    ['300.001', 1000, DECIMALS],
    ['500.123', 1000, DECIMALS],
    ['', 1000, range1000],
    ['abc', 1000, range1000],
    ['-300', 1000, range1000],
    [' 400 ', 1000, null],
    ['30.02', 100.05, null], // 30% is 30.015, shown and compared as 30.02
    ['30.01', 100.05, '请注意30.02<=合同首付款金额<=100.05元！'],
    ['0', 0, null],
  ])('%j of %s → %s', (amount, total, message) => {
    expect(validateFirstPayment(amount, total)).toBe(message);
  });

  it.each([
    [1000, 300, 1000],
    [99.99, 30, 99.99],
  ])('bounds of %s are %s to %s', (total, min, max) => {
    expect(firstPaymentBounds(total)).toEqual({ min, max });
  });
});

describe('bigOrderReportWarning', () => {
  it.each([
    [true, '', '该订单未填写供应商的报价单号。'],
    [true, null, '该订单未填写供应商的报价单号。'],
    [true, 'Q-2024-17', null],
    [false, '', null],
  ])('confirm-order template %s, quotation no %j → %s', (confirm, no, message) => {
    expect(bigOrderReportWarning(confirm, no)).toBe(message);
  });
});
