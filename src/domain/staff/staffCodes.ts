// Employee (partner contact) enumerations with their labels (settings-messaging-shared §3
// "Contact or employee", §3 "Enumerations": gender, partner user status and visibility, bank
// account type).

export const STAFF_STATUSES = ['IN_SERVICE', 'DEPART'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export const STAFF_STATUS_LABELS: Record<StaffStatus, string> = {
  IN_SERVICE: '在职',
  DEPART: '离职',
};

export const GENDERS = ['MALE', 'FEMALE'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { MALE: '男', FEMALE: '女' };
export const DEFAULT_GENDER: Gender = 'MALE';

export const VISIBILITIES = ['PUBLICITY', 'INTERNAL', 'INVISIBLE'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const VISIBILITY_LABELS: Record<Visibility, string> = {
  PUBLICITY: '公开',
  INTERNAL: '内部可见',
  INVISIBLE: '不可见',
};
export const NEW_EMPLOYEE_VISIBILITY: Visibility = 'INTERNAL';

export const BANK_ACCOUNT_TYPES = ['public', 'private'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
export const BANK_ACCOUNT_TYPE_LABELS: Record<BankAccountType, string> = {
  public: '对公账户',
  private: '对私账户',
};

function includes<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

export const isStaffStatus = (v: unknown): v is StaffStatus => includes(STAFF_STATUSES, v);
export const isGender = (v: unknown): v is Gender => includes(GENDERS, v);
export const isVisibility = (v: unknown): v is Visibility => includes(VISIBILITIES, v);
export const isBankAccountType = (v: unknown): v is BankAccountType =>
  includes(BANK_ACCOUNT_TYPES, v);

export const staffStatusLabel = (c: string): string =>
  isStaffStatus(c) ? STAFF_STATUS_LABELS[c] : c;
export const genderLabel = (c: string): string => (isGender(c) ? GENDER_LABELS[c] : c);
export const visibilityLabel = (c: string): string => (isVisibility(c) ? VISIBILITY_LABELS[c] : c);
export const bankAccountTypeLabel = (c: string): string =>
  isBankAccountType(c) ? BANK_ACCOUNT_TYPE_LABELS[c] : c;
