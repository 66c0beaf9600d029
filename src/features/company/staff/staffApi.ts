// The shapes the employee calls answer (server/routes/employees.ts), checked on arrival, and the
// form's body as the server takes it.
import { z } from 'zod';

export const EMPLOYEES_PATH = (companyId: number) =>
  `/partners-api/v7/companies/${companyId}/employees`;

const loginUser = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string().nullable(),
  avatar: z.string().nullable(),
});

export const employeeSchema = z.object({
  id: z.number(),
  name: z.string(),
  gender: z.string().nullable(),
  mobile: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  position: z.string().nullable(),
  status: z.string(),
  is_admin: z.boolean(),
  birthday: z.string().nullable(),
  comment: z.string().nullable(),
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

export interface EmployeeBody {
  name: string;
  gender: string;
  mobile: string;
  position: string | null;
  phone: string | null;
  email: string | null;
  birthday: string | null;
  comment: string | null;
  login_user_id: number | null;
}
