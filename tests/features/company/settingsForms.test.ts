import { describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../src/contract/feedRows';
import { clearBelow } from '../../../src/features/common/RegionSelect';
import {
  addressFormOf,
  invoiceBody,
  invoiceFormOf,
} from '../../../src/features/company/settings/settingsForms';

const ROW = {
  id: 1,
  name: '上海精工机械有限公司',
  country: 'CN',
  invoice: {
    id: 5,
    tax_code: 'T1',
    partner_tax: {
      invoice_bank_code: null,
      invoice_bank_name: '中国工商银行',
      invoice_bank_account: '123',
      invoice_address: null,
      invoice_phone: null,
    },
    partner_address: {
      contacts_name: '王建国',
      contacts_phone: '13800138000',
      country: 'CN',
      province: '上海市',
      city: '上海市',
      district: '浦东新区',
      street: '张江路',
    },
  },
} as unknown as CompanyRow;

describe('company settings forms', () => {
  it('reads a row stored by an older app (no invoice, no address) as empty forms', () => {
    const old = { id: 1, name: 'x', country: 'CN' } as unknown as CompanyRow;
    expect(invoiceFormOf(old).tax_code).toBe('');
    expect(addressFormOf(old)).toEqual({
      country: '',
      province: '',
      city: '',
      district: '',
      street: '',
      zip: '',
      contacts_name: '',
      contacts_phone: '',
    });
  });

  it('sends the CN-only invoice fields only for a CN company', () => {
    const form = invoiceFormOf(ROW);
    expect(form).toMatchObject({ invoice_bank_name: '中国工商银行', district: '浦东新区' });
    const cn = invoiceBody(form, true);
    // §5 bank-name entry: 中国工商银行 in a CN company is sent as bank id 4.
    expect(cn.partner_tax).toMatchObject({ invoice_bank_account: '123', invoice_bank_code: '4' });
    expect(
      invoiceBody({ ...form, invoice_bank_name: '招商银行', invoice_bank_code: '4' }, true)
        .partner_tax,
    ).toMatchObject({ invoice_bank_code: '' });
    expect(cn.partner_address).toMatchObject({ street: '张江路' });
    const abroad = invoiceBody(form, false);
    expect(abroad.partner_tax).toEqual({
      invoice_bank_name: '中国工商银行',
      invoice_bank_code: '',
    });
    expect(abroad.partner_address).toBeNull();
  });

  it('clearBelow empties the levels under the chosen one, and nothing when it is unchanged', () => {
    const value = { country: 'CN', province: '江苏省', city: '苏州市', district: '吴中区' };
    expect(clearBelow(value, 'province', '浙江省')).toEqual({
      country: 'CN',
      province: '浙江省',
      city: '',
      district: '',
    });
    expect(clearBelow(value, 'province', '江苏省')).toBe(value);
    expect(clearBelow(value, 'country', 'US')).toEqual({
      country: 'US',
      province: '',
      city: '',
      district: '',
    });
  });
});
