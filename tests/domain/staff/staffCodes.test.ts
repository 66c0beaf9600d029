import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_TYPES,
  bankAccountTypeLabel,
  DEFAULT_GENDER,
  GENDERS,
  genderLabel,
  NEW_EMPLOYEE_VISIBILITY,
  STAFF_STATUSES,
  staffStatusLabel,
  VISIBILITIES,
  visibilityLabel,
} from '../../../src/domain/staff/staffCodes';

const sets: ReadonlyArray<{
  name: string;
  label: (code: string) => string;
  codes: readonly string[];
  rows: ReadonlyArray<readonly [string, string]>;
}> = [
  {
    name: 'status',
    label: staffStatusLabel,
    codes: STAFF_STATUSES,
    rows: [
      ['IN_SERVICE', '在职'],
      ['DEPART', '离职'],
    ],
  },
  {
    name: 'gender',
    label: genderLabel,
    codes: GENDERS,
    rows: [
      ['MALE', '男'],
      ['FEMALE', '女'],
    ],
  },
  {
    name: 'visibility',
    label: visibilityLabel,
    codes: VISIBILITIES,
    rows: [
      ['PUBLICITY', '公开'],
      ['INTERNAL', '内部可见'],
      ['INVISIBLE', '不可见'],
    ],
  },
  {
    name: 'bank account type',
    label: bankAccountTypeLabel,
    codes: BANK_ACCOUNT_TYPES,
    rows: [
      ['public', '对公账户'],
      ['private', '对私账户'],
    ],
  },
];

describe.each(sets)('$name labels', ({ label, codes, rows }) => {
  it.each(rows)('%s is %s', (code, text) => expect(label(code)).toBe(text));
  it('covers every code exactly once', () => {
    expect(rows.map(([c]) => c).sort()).toEqual([...codes].sort());
  });
  it('shows an unknown code as it is', () => expect(label('OTHER')).toBe('OTHER'));
});

describe('defaults', () => {
  it('gender defaults to MALE and a new employee is INTERNAL', () => {
    expect(DEFAULT_GENDER).toBe('MALE');
    expect(NEW_EMPLOYEE_VISIBILITY).toBe('INTERNAL');
  });
});
