// The employee form's mapping to the request (settings-messaging-shared §3 "Contact or
// employee"): language, QQ and the bank account round-trip through the form, a blank bank account
// is sent as null (clearing it), and the form reports each extra field's refusal on its own input.
import { describe, expect, it } from 'vitest';
import type { Employee } from '../../../src/contract/api/staff';
import { COMPANY_MESSAGES } from '../../../src/domain/company/messages';
import { STAFF_RULE_MESSAGES as R } from '../../../src/domain/staff/staffText';
import {
  EMPTY_EMPLOYEE_FORM,
  employeeBodyOf,
  employeeFormOf,
  validateEmployeeFormValues,
} from '../../../src/features/company/staff/employeeFormModel';

const employee: Employee = {
  id: 7,
  name: '冯详情',
  gender: 'FEMALE',
  mobile: '13512345678',
  phone: null,
  email: null,
  position: null,
  language: 'en_US',
  qq: '123456',
  status: 'IN_SERVICE',
  is_admin: false,
  birthday: null,
  comment: null,
  partner_bank_account: {
    account_name: '冯详情',
    account_number: '6222 0212',
    bank_code: '4',
    bank_name: '中国工商银行',
  },
  login_user: null,
};

describe('employee form model', () => {
  it('sends back what it loaded, without the server’s bank code', () => {
    const body = employeeBodyOf(employeeFormOf(employee));
    expect(body).toMatchObject({
      language: 'en_US',
      qq: '123456',
      partner_bank_account: {
        account_name: '冯详情',
        account_number: '6222 0212',
        bank_name: '中国工商银行',
      },
    });
    expect(body.partner_bank_account).not.toHaveProperty('bank_code');
  });

  it('sends a blank bank account as null and blank language and QQ as null', () => {
    const body = employeeBodyOf({ ...EMPTY_EMPLOYEE_FORM, name: '新人', mobile: '13512345678' });
    expect(body).toMatchObject({ language: null, qq: null, partner_bank_account: null });
  });

  it('puts each refusal on its own field', () => {
    const errors = validateEmployeeFormValues({
      ...EMPTY_EMPLOYEE_FORM,
      name: '新人',
      mobile: '13512345678',
      qq: '0123',
      bankAccountName: '新人',
    });
    expect(errors).toEqual({
      qq: R.QQ_INVALID,
      bankName: COMPANY_MESSAGES.BANK_NAME_REQUIRED,
      bankAccountNumber: COMPANY_MESSAGES.BANK_ACCOUNT_REQUIRED,
    });
  });
});
