// The staff calls of settings-messaging-shared §7 "Partners" (server/routes/employees.ts): the
// employee list (the edit form needs fields the sync leaves out), add, edit, hand over, restore,
// delete, and the login users an employee can be bound to. Bodies are what the server accepts
// (an absent field keeps its value on PUT); the answers are checked on arrival.
import { z } from 'zod';
import { type NoRequest, route } from './route';

const loginUser = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string().nullable(),
  avatar: z.string().nullable(),
});

/** partner_bank_account (§3): not synced, only in these answers (like birthday and comment). */
const bankAccount = z.object({
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
  bank_code: z.string().nullable(),
  bank_name: z.string().nullable(),
});
export type EmployeeBankAccountAnswer = z.infer<typeof bankAccount>;

export const employeeSchema = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.string().nullable(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  position: z.string().nullable(),
  language: z.string().nullable(),
  qq: z.string().nullable(),
  status: z.string(),
  is_admin: z.boolean(),
  birthday: z.string().nullable(),
  comment: z.string().nullable(),
  partner_bank_account: bankAccount.nullable(),
  login_user: loginUser.nullable(),
});
export type Employee = z.infer<typeof employeeSchema>;

export const employeeListSchema = z.object({ items: z.array(employeeSchema) });

export const loginUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  mobile: z.string().nullable(),
  avatar: z.string().nullable(),
  /** The employee of the company who already holds the account. */
  employee: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type LoginUser = z.infer<typeof loginUserSchema>;
export const loginUserListSchema = z.object({ items: z.array(loginUserSchema) });

export const handoverSchema = z.object({ employee: employeeSchema });
export const deletedSchema = z.object({ id: z.number() });

/** POST (name and mobile required by the rules) and PUT (an absent field keeps its value). */
export type EmployeeBody = {
  name?: string | null;
  gender?: string | null;
  mobile?: string | null;
  position?: string | null;
  phone?: string | null;
  email?: string | null;
  birthday?: string | null;
  comment?: string | null;
  /** A locale code (zh_CN, de_DE, en_US). */
  language?: string | null;
  qq?: string | null;
  /** The whole account replaces the stored one; null clears it. */
  partner_bank_account?: EmployeeBankAccountBody | null;
  /** The sign-in account to bind; null unbinds. */
  login_user_id?: number | null;
};

export type EmployeeBankAccountBody = {
  account_name?: string | null;
  account_number?: string | null;
  /** The server sets bank id 4 for 中国工商银行 in a CN company (§5 bank-name entry). */
  bank_code?: string | null;
  bank_name?: string | null;
};

/** PUT …/depart: who takes over the leaver's records. */
export type DepartBody = { handover_user_id?: number | null };

export type EmployeeSearchQuery = { status?: readonly string[]; name?: string };
export type LoginUserSearchQuery = { mobile?: string; name?: string };

const employees = ({ companyId }: { companyId: number }) =>
  `/partners-api/v7/companies/${companyId}/employees`;
type EmployeeId = { companyId: number; employeeId: number };

export const STAFF_ROUTES = {
  listEmployees: route<{ query?: EmployeeSearchQuery }>()({
    method: 'GET',
    path: employees,
    answer: employeeListSchema,
  }),
  createEmployee: route<{ body: EmployeeBody }>()({
    method: 'POST',
    path: employees,
    answer: employeeSchema,
  }),
  updateEmployee: route<{ body: EmployeeBody }>()({
    method: 'PUT',
    path: (p: EmployeeId) => `${employees(p)}/${p.employeeId}`,
    answer: employeeSchema,
  }),
  handOverEmployee: route<{ body: DepartBody }>()({
    method: 'PUT',
    path: (p: EmployeeId) => `${employees(p)}/${p.employeeId}/depart`,
    answer: handoverSchema,
  }),
  restoreEmployee: route<NoRequest>()({
    method: 'PUT',
    path: (p: EmployeeId) => `${employees(p)}/${p.employeeId}/active`,
    answer: employeeSchema,
  }),
  deleteEmployee: route<NoRequest>()({
    method: 'PUT',
    path: (p: EmployeeId) => `${employees(p)}/${p.employeeId}/delete`,
    answer: deletedSchema,
  }),
  searchLoginUsers: route<{ query: LoginUserSearchQuery }>()({
    method: 'GET',
    path: (p: { companyId: number }) => `${employees(p)}/login_users`,
    answer: loginUserListSchema,
  }),
};
