// What the employee calls accept (settings-messaging-shared §3 "Contact or employee", §5 "Staff"):
// JSON schemas for the shape, then the domain's rules, the same the staff screen runs. A refusal
// is a 400 with the first message; nothing is written. The bodies' types are the contract's
// (src/contract/api/staff.ts): the app sends exactly these.
import type { EmployeeBody } from '../../src/contract/api/staff';
import { bankCodeFor } from '../../src/domain/company/companyInfo';
import { validateEmployeeExtras } from '../../src/domain/staff/employeeExtras';
import { GENDERS, type Gender } from '../../src/domain/staff/staffCodes';
import { STAFF_RULE_MESSAGES as R } from '../../src/domain/staff/staffText';
import {
  EMPLOYEE_FIELD_MAX,
  validateEmployeeDetails,
  validateEmployeeForm,
} from '../../src/domain/staff/validation';
import type { contacts } from '../db/schema/index';
import { badRequest } from '../http/httpError';
import { ID } from '../http/schemas';

export type { EmployeeBody };

// Over-long text is refused with our message below, not the schema's generic one.
const text = { type: ['string', 'null'], maxLength: 2000 } as const;

/** POST (name and mobile required by the rules) and PUT (an absent field keeps its value). */
export const employeeBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: text,
    gender: { type: ['string', 'null'], maxLength: 10 },
    mobile: text,
    position: text,
    phone: text,
    email: text,
    birthday: { type: ['string', 'null'], maxLength: 20 },
    comment: text,
    language: { type: ['string', 'null'], maxLength: 20 },
    qq: text,
    partner_bank_account: {
      anyOf: [
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            account_name: text,
            account_number: text,
            bank_code: { type: ['string', 'null'], maxLength: 50 },
            bank_name: text,
          },
        },
        { type: 'null' },
      ],
    },
    /** The sign-in account to bind; null unbinds. */
    login_user_id: { anyOf: [ID, { type: 'null' }] },
  },
} as const;

export const departBody = {
  type: 'object',
  additionalProperties: false,
  properties: { handover_user_id: { anyOf: [ID, { type: 'null' }] } },
} as const;

type Contact = typeof contacts.$inferSelect;

export type EmployeeValues = Pick<
  Contact,
  | 'name'
  | 'gender'
  | 'mobile'
  | 'position'
  | 'phone'
  | 'email'
  | 'birthday'
  | 'comment'
  | 'language'
  | 'qq'
  | 'bankAccountName'
  | 'bankAccountNumber'
  | 'bankCode'
  | 'bankName'
>;

type BankValues = Pick<
  EmployeeValues,
  'bankAccountName' | 'bankAccountNumber' | 'bankCode' | 'bankName'
>;

const trimmed = (value: string | null | undefined): string | null => {
  const t = value?.trim() ?? '';
  return t === '' ? null : t;
};

/** The bank account a body sets: absent keeps the stored one, null clears it, an object replaces it. */
function bankValues(
  body: EmployeeBody,
  current: EmployeeValues | null,
  companyCountry: string | null,
): BankValues {
  const sent = body.partner_bank_account;
  if (sent === undefined) {
    return {
      bankAccountName: current?.bankAccountName ?? null,
      bankAccountNumber: current?.bankAccountNumber ?? null,
      bankCode: current?.bankCode ?? null,
      bankName: current?.bankName ?? null,
    };
  }
  const bankName = trimmed(sent?.bank_name);
  return {
    bankAccountName: trimmed(sent?.account_name),
    bankAccountNumber: trimmed(sent?.account_number),
    bankCode: bankCodeFor(bankName ?? '', trimmed(sent?.bank_code), companyCountry),
    bankName,
  };
}

/**
 * The employee's fields after applying the body to `current` (null for a new employee), checked
 * by the screen's rules; throws the first refusal. `companyCountry` decides the bank code rule.
 */
export function employeeValues(
  body: EmployeeBody,
  current: EmployeeValues | null,
  companyCountry: string | null = null,
): EmployeeValues {
  const pick = <K extends keyof EmployeeValues>(key: K & keyof EmployeeBody) =>
    body[key] === undefined ? (current?.[key] ?? null) : trimmed(body[key]);
  const gender = body.gender === undefined || body.gender === null ? null : body.gender;
  if (gender !== null && !(GENDERS as readonly string[]).includes(gender)) {
    throw badRequest(R.GENDER_INVALID);
  }
  const values: EmployeeValues = {
    name: pick('name') ?? '',
    gender: (gender as Gender | null) ?? current?.gender ?? 'MALE',
    mobile: pick('mobile'),
    position: pick('position'),
    phone: pick('phone'),
    email: pick('email'),
    birthday: pick('birthday'),
    comment: pick('comment'),
    language: pick('language'),
    qq: pick('qq'),
    ...bankValues(body, current, companyCountry),
  };
  const form = validateEmployeeForm({ name: values.name, mobile: values.mobile ?? '' });
  const details = validateEmployeeDetails({
    email: values.email ?? '',
    birthday: values.birthday ?? '',
  });
  const extras = validateEmployeeExtras({
    language: values.language ?? '',
    qq: values.qq ?? '',
    bank: {
      account_name: values.bankAccountName ?? '',
      account_number: values.bankAccountNumber ?? '',
      bank_name: values.bankName ?? '',
    },
  });
  const problem =
    form.name ??
    form.mobile ??
    details.email ??
    details.birthday ??
    extras.language ??
    extras.qq ??
    extras.bank_name ??
    extras.account_number ??
    extras.account_name;
  if (problem) throw badRequest(problem);
  for (const [field, max] of Object.entries(EMPLOYEE_FIELD_MAX)) {
    const value = values[field as keyof EmployeeValues];
    if (typeof value === 'string' && value.length > max) throw badRequest(R.TOO_LONG);
  }
  return values;
}
