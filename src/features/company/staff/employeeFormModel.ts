// The employee form's values and how they map to the record and the request body: one place for
// what the dialog shows, what it checks (the domain's rules, the same the server runs) and what it
// sends. The bank account travels whole: a blank one is sent as null and clears the stored one;
// its bank code is the server's to set (bank id 4 for 中国工商银行), so the form never sends one.
import type { Employee, EmployeeBody } from '../../../contract/api/staff';
import { DEFAULT_PHONE_COUNTRY } from '../../../domain/company/phoneInput';
import { hasBankAccount, validateEmployeeExtras } from '../../../domain/staff/employeeExtras';
import { STAFF_RULE_MESSAGES as R } from '../../../domain/staff/staffText';
import { validateEmployeeDetails, validateEmployeeForm } from '../../../domain/staff/validation';
import { phoneError } from '../../common/phoneInputModel';

export interface EmployeeFormValues {
  name: string;
  gender: string;
  mobile: string;
  position: string;
  phone: string;
  email: string;
  birthday: string;
  comment: string;
  /** A locale code, or '' for none. */
  language: string;
  qq: string;
  bankAccountName: string;
  bankAccountNumber: string;
  bankName: string;
  loginUserId: number | null;
}

export const EMPTY_EMPLOYEE_FORM: EmployeeFormValues = {
  name: '',
  gender: 'MALE',
  mobile: '',
  position: '',
  phone: '',
  email: '',
  birthday: '',
  comment: '',
  language: '',
  qq: '',
  bankAccountName: '',
  bankAccountNumber: '',
  bankName: '',
  loginUserId: null,
};

/** The server refuses to change an administrator's login user: own, or a peer's. */
export function loginUserLock(employee: Employee | null, ownContactId: number): string | null {
  if (!employee) return null;
  if (employee.id === ownContactId) return R.OWN_LOGIN_USER;
  return employee.is_admin ? R.ADMIN_LOGIN_USER : null;
}

export function employeeFormOf(employee: Employee): EmployeeFormValues {
  const bank = employee.partner_bank_account;
  return {
    name: employee.name,
    gender: employee.gender ?? 'MALE',
    mobile: employee.mobile ?? '',
    position: employee.position ?? '',
    phone: employee.phone ?? '',
    email: employee.email ?? '',
    birthday: employee.birthday ?? '',
    comment: employee.comment ?? '',
    language: employee.language ?? '',
    qq: employee.qq ?? '',
    bankAccountName: bank?.account_name ?? '',
    bankAccountNumber: bank?.account_number ?? '',
    bankName: bank?.bank_name ?? '',
    loginUserId: employee.login_user?.id ?? null,
  };
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

const bankOf = (values: EmployeeFormValues) => ({
  account_name: values.bankAccountName,
  account_number: values.bankAccountNumber,
  bank_name: values.bankName,
});

export function employeeBodyOf(values: EmployeeFormValues): EmployeeBody {
  return {
    name: values.name.trim(),
    gender: values.gender,
    mobile: values.mobile.trim(),
    position: orNull(values.position),
    phone: orNull(values.phone),
    email: orNull(values.email),
    birthday: orNull(values.birthday),
    comment: orNull(values.comment),
    language: orNull(values.language),
    qq: orNull(values.qq),
    partner_bank_account: hasBankAccount(bankOf(values))
      ? {
          account_name: orNull(values.bankAccountName),
          account_number: orNull(values.bankAccountNumber),
          bank_name: orNull(values.bankName),
        }
      : null,
    login_user_id: values.loginUserId,
  };
}

export function validateEmployeeFormValues(values: EmployeeFormValues) {
  // The landline goes through the shared phone input: stored as +<dial code><number>.
  const phone = phoneError(values.phone, DEFAULT_PHONE_COUNTRY);
  const extras = validateEmployeeExtras({
    language: values.language,
    qq: values.qq,
    bank: bankOf(values),
  });
  return {
    ...validateEmployeeForm({ name: values.name, mobile: values.mobile }),
    ...validateEmployeeDetails({ email: values.email, birthday: values.birthday }),
    ...(phone && { phone }),
    ...(extras.language && { language: extras.language }),
    ...(extras.qq && { qq: extras.qq }),
    ...(extras.account_name && { bankAccountName: extras.account_name }),
    ...(extras.account_number && { bankAccountNumber: extras.account_number }),
    ...(extras.bank_name && { bankName: extras.bank_name }),
  };
}
