// What the employee calls accept (settings-messaging-shared §3 "Contact or employee", §5 "Staff"):
// JSON schemas for the shape, then the domain's rules, the same the staff screen runs. A refusal
// is a 400 with the first message; nothing is written. The bodies' types are the contract's
// (src/contract/api/staff.ts): the app sends exactly these.
import type { EmployeeBody } from '../../src/contract/api/staff';
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
  'name' | 'gender' | 'mobile' | 'position' | 'phone' | 'email' | 'birthday' | 'comment'
>;

const trimmed = (value: string | null | undefined): string | null => {
  const t = value?.trim() ?? '';
  return t === '' ? null : t;
};

/**
 * The employee's fields after applying the body to `current` (null for a new employee), checked
 * by the screen's rules; throws the first refusal.
 */
export function employeeValues(body: EmployeeBody, current: EmployeeValues | null): EmployeeValues {
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
  };
  const form = validateEmployeeForm({ name: values.name, mobile: values.mobile ?? '' });
  const details = validateEmployeeDetails({
    email: values.email ?? '',
    birthday: values.birthday ?? '',
  });
  const problem = form.name ?? form.mobile ?? details.email ?? details.birthday;
  if (problem) throw badRequest(problem);
  for (const [field, max] of Object.entries(EMPLOYEE_FIELD_MAX)) {
    const value = values[field as keyof EmployeeValues];
    if (typeof value === 'string' && value.length > max) throw badRequest(R.TOO_LONG);
  }
  return values;
}
