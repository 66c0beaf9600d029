import { describe, expect, it } from 'vitest';
import {
  type InvoiceForm,
  setMailingLevel,
  showsCnInvoiceFields,
  validateInvoiceForm,
} from '../../../src/domain/company/invoice';

const full: InvoiceForm = {
  tax_code: '91310000MA1FL0000X',
  invoice_bank_name: '中国工商银行上海分行',
  invoice_bank_code: '102',
  invoice_bank_account: '6222000000000000',
  invoice_address: '上海市浦东新区世纪大道1号',
  invoice_phone: '021-12345678',
  contacts_name: '张三',
  contacts_phone: '13812345678',
  country: 'CN',
  province: '上海',
  city: '上海市',
  district: '浦东新区',
  street: '世纪大道1号',
};

const empty: InvoiceForm = Object.fromEntries(
  Object.keys(full).map((k) => [k, ' ']),
) as unknown as InvoiceForm;

describe('validateInvoiceForm', () => {
  it('passes a full CN form', () => expect(validateInvoiceForm(full, 'CN')).toEqual({}));

  it('requires every CN field for a CN company', () => {
    expect(validateInvoiceForm(empty, 'CN')).toEqual({
      tax_code: '请输入纳税号！',
      invoice_bank_name: '请输入开户行！',
      invoice_bank_account: '请输入帐号！',
      contacts_name: '请输入姓名！',
      contacts_phone: '请输入电话！',
      street: '发票邮寄详细地址不能为空',
    });
  });

  it.each(['DE', '', null])('requires only tax code and bank name for country %j', (country) => {
    expect(validateInvoiceForm(empty, country)).toEqual({
      tax_code: '请输入纳税号！',
      invoice_bank_name: '请输入开户行！',
    });
  });

  it.each([
    ['CN', true],
    ['DE', false],
    ['cn', false],
    [null, false],
  ])('CN-only fields shown for %j: %s', (country, shown) => {
    expect(showsCnInvoiceFields(country)).toBe(shown);
  });
});

describe('setMailingLevel', () => {
  it.each([
    ['country', 'DE', { country: 'DE', province: '', city: '', district: '', street: '' }],
    [
      'province',
      '江苏',
      { country: 'CN', province: '江苏', city: '', district: '浦东新区', street: '世纪大道1号' },
    ],
    [
      'city',
      '苏州市',
      {
        country: 'CN',
        province: '上海',
        city: '苏州市',
        district: '浦东新区',
        street: '世纪大道1号',
      },
    ],
    [
      'district',
      '黄浦区',
      {
        country: 'CN',
        province: '上海',
        city: '上海市',
        district: '黄浦区',
        street: '世纪大道1号',
      },
    ],
    [
      'country',
      'CN',
      {
        country: 'CN',
        province: '上海',
        city: '上海市',
        district: '浦东新区',
        street: '世纪大道1号',
      },
    ],
  ] as const)('changing %s to %s', (level, value, address) => {
    const next = setMailingLevel(full, level, value);
    expect(next).toEqual({ ...full, ...address });
  });

  it('does not change the form it was given', () => {
    setMailingLevel(full, 'country', 'DE');
    expect(full.province).toBe('上海');
  });
});
