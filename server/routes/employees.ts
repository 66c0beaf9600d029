// The staff-management calls of settings-messaging-shared §7 "Partners" under
// /partners-api/v7/companies/{company_id}/employees, plus the login users an employee can be bound
// to (path ours). Administrators of the path's company only: 403 with the spec's text, and for
// delete the spec's 当前登录用户不是管理员，请开通管理员权限. Rules: server/partners/staffService.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_ROUTES as R } from '../../src/contract/api/routes';
import type { DepartBody, EmployeeBody } from '../../src/contract/api/staff';
import { STAFF_STATUSES, type StaffStatus } from '../../src/domain/staff/staffCodes';
import { type Membership, requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, forbidden } from '../http/httpError';
import { byAccountOrAddress, registerRateLimits } from '../http/rateLimits';
import { answer } from '../http/replies';
import { companyQuery, currentCompanyId, idParams as params } from '../http/schemas';
import { departBody, employeeBody } from '../partners/staffInput';
import {
  bindableLoginUsers,
  createEmployee,
  deleteEmployee,
  handOver,
  listEmployees,
  restoreEmployee,
  updateEmployee,
} from '../partners/staffService';
import { mutate } from '../sync/mutation';

const P = '/partners-api/v7/companies/:company_id/employees';
/** Login-user searches one administrator may make a minute (the picker asks as they type). */
export const LOGIN_USER_SEARCHES_PER_MINUTE = 60;
const statusPattern = `^(${STAFF_STATUSES.join('|')})(,(${STAFF_STATUSES.join('|')}))*$`;

type CompanyParams = { company_id: number };
type EmployeeParams = CompanyParams & { employee_id: number };

/** The path's company must be the current one, and the caller its administrator. */
function adminOf(request: FastifyRequest<{ Params: CompanyParams }>): Membership {
  const { membership } = requireMembership(request);
  if (request.params.company_id !== membership.companyId || !membership.isAdmin) {
    throw forbidden();
  }
  return membership;
}

export function registerEmployees(
  app: FastifyInstance,
  { database }: Pick<AppContext, 'database'>,
) {
  const { db } = database;

  app.get<{ Params: CompanyParams; Querystring: { status?: string[]; name?: string } }>(
    P,
    {
      schema: {
        params: params('company_id'),
        querystring: {
          type: 'object',
          properties: {
            currentCompanyId,
            status: {
              type: 'array',
              maxItems: 10,
              items: { type: 'string', pattern: statusPattern },
            },
            name: { type: 'string', maxLength: 100 },
          },
        },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const statuses = [
        ...new Set((request.query.status ?? []).flatMap((s) => s.split(','))),
      ] as StaffStatus[];
      if (statuses.some((s) => !STAFF_STATUSES.includes(s))) {
        throw badRequest('请求参数有误：status');
      }
      const items = await listEmployees(db, admin.companyId, {
        statuses,
        name: request.query.name,
      });
      return answer(R.listEmployees, items);
    },
  );

  // The login-user search, per administrator and minute: plenty for typing in the picker, not for
  // a script walking through numbers (security review M9; it only finds the company's own anyway).
  app.register(async (scope) => {
    await registerRateLimits(scope, byAccountOrAddress('login-users'));
    scope.get<{ Params: CompanyParams; Querystring: { mobile?: string; name?: string } }>(
      `${P}/login_users`,
      {
        config: { rateLimit: { max: LOGIN_USER_SEARCHES_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          params: params('company_id'),
          querystring: {
            type: 'object',
            properties: {
              currentCompanyId,
              mobile: { type: 'string', pattern: '^\\+?\\d{0,20}$' },
              name: { type: 'string', maxLength: 100 },
            },
          },
        },
      },
      async (request) => {
        const admin = adminOf(request);
        return answer(
          R.searchLoginUsers,
          await bindableLoginUsers(db, admin.companyId, request.query),
        );
      },
    );
  });

  app.post<{ Params: CompanyParams; Body: EmployeeBody }>(
    P,
    { schema: { params: params('company_id'), querystring: companyQuery, body: employeeBody } },
    async (request, reply) => {
      const admin = adminOf(request);
      return mutate(db, request, reply, async (tx, changes) =>
        answer(R.createEmployee, await createEmployee(tx, changes, admin, request.body ?? {})),
      );
    },
  );

  app.put<{ Params: EmployeeParams; Body: EmployeeBody }>(
    `${P}/:employee_id`,
    {
      schema: {
        params: params('company_id', 'employee_id'),
        querystring: companyQuery,
        body: employeeBody,
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      return mutate(db, request, reply, async (tx, changes) =>
        answer(
          R.updateEmployee,
          await updateEmployee(tx, changes, admin, request.params.employee_id, request.body ?? {}),
        ),
      );
    },
  );

  app.put<{ Params: EmployeeParams }>(
    `${P}/:employee_id/active`,
    { schema: { params: params('company_id', 'employee_id'), querystring: companyQuery } },
    async (request, reply) => {
      const admin = adminOf(request);
      return mutate(db, request, reply, async (tx, changes) =>
        answer(
          R.restoreEmployee,
          await restoreEmployee(tx, changes, admin.companyId, request.params.employee_id),
        ),
      );
    },
  );

  app.put<{ Params: EmployeeParams; Body: DepartBody }>(
    `${P}/:employee_id/depart`,
    {
      schema: {
        params: params('company_id', 'employee_id'),
        querystring: companyQuery,
        body: departBody,
      },
    },
    async (request, reply) => {
      const admin = adminOf(request);
      return mutate(db, request, reply, async (tx, changes) =>
        answer(
          R.handOverEmployee,
          await handOver(
            tx,
            changes,
            admin.companyId,
            request.params.employee_id,
            request.body?.handover_user_id,
          ),
        ),
      );
    },
  );

  // Company level, not admin: a non-administrator hears the spec's delete message, not the 403's.
  app.put<{ Params: EmployeeParams }>(
    `${P}/:employee_id/delete`,
    { schema: { params: params('company_id', 'employee_id'), querystring: companyQuery } },
    async (request, reply) => {
      const { membership } = requireMembership(request);
      if (request.params.company_id !== membership.companyId) throw forbidden();
      return mutate(db, request, reply, async (tx, changes) =>
        answer(
          R.deleteEmployee,
          await deleteEmployee(tx, changes, membership, request.params.employee_id),
        ),
      );
    },
  );
}
