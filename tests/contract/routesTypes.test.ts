// The route contract at compile time (the `@ts-expect-error` lines fail `tsc -p tsconfig.test.json`,
// and so `npm test`, the day they compile): a server handler answering a renamed or missing field,
// a client call sending a misspelt body field, leaving out a path's ids or passing ids a path does
// not take. Each refused shape is also shown to fail the client's schema at run time.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod/mini';
import { answer } from '../../server/http/replies';
import type { AnswerData, AnswerOf, RequestOf } from '../../src/contract/api/route';
import { APP_ROUTES } from '../../src/contract/api/routes';
import type { EmployeeBody } from '../../src/contract/api/staff';
import type { SheetListType } from '../../src/domain/purchase/listTypes';
import { type ApiClient, createApiClient } from '../../src/platform/api/apiClient';

const refusedByClient = (schema: z.core.$ZodType, data: unknown) =>
  !z.safeParse(schema, data).success;

describe('the server side of the contract', () => {
  it('answers GET /index as { menu }: menu_type does not compile and the client refuses it', () => {
    const right = answer(APP_ROUTES.indexPage, { menu: 'REPLIED' });
    expect(right).toEqual({ data: { menu: 'REPLIED' } });
    // @ts-expect-error the contract's field is `menu`: a handler answering `menu_type` does not compile
    const renamed = answer(APP_ROUTES.indexPage, { menu_type: 'REPLIED' });
    expect(refusedByClient(APP_ROUTES.indexPage.answer, renamed.data)).toBe(true);
    expectTypeOf<AnswerData<typeof APP_ROUTES.indexPage>>().toEqualTypeOf<{
      menu: SheetListType;
    }>();
  });

  it('may answer more than the client reads, never less', () => {
    const wider = answer(APP_ROUTES.deleteEmployee, { id: 7, version: 3 });
    expect(z.safeParse(APP_ROUTES.deleteEmployee.answer, wider.data)).toMatchObject({
      success: true,
      data: { id: 7 },
    });
    // @ts-expect-error `id` is what the client reads: an answer without it does not compile
    const missing = answer(APP_ROUTES.deleteEmployee, { version: 3 });
    expect(refusedByClient(APP_ROUTES.deleteEmployee.answer, missing.data)).toBe(true);
  });

  it('reads the wire shape on the server and the transformed one on the client', () => {
    // The sheet's default contact: `{ id, name, company }` on the wire, a ChatContact in the app.
    expectTypeOf<AnswerData<typeof APP_ROUTES.sheetDefaultContact>>().toEqualTypeOf<{
      id: number;
      name: string;
      company: { id: number; name: string | null } | null;
    } | null>();
    expectTypeOf<AnswerOf<typeof APP_ROUTES.sheetDefaultContact>>().toEqualTypeOf<{
      id: number;
      name: string;
      companyId: number | null;
      companyName: string | null;
    } | null>();
  });
});

describe('the client side of the contract', () => {
  const api: ApiClient = createApiClient({
    baseUrl: '',
    getToken: async () => null,
    companyId: () => null,
    online: () => true,
    notify: () => undefined,
    onUnauthorized: () => undefined,
    fetch: async () => new Response('{"data":{"id":1}}', { status: 200 }),
  });

  it('sends the body type the server takes, with the ids its path needs', async () => {
    expectTypeOf<RequestOf<typeof APP_ROUTES.createEmployee>>().toEqualTypeOf<{
      body: EmployeeBody;
    }>();
    const calls = [
      () =>
        // @ts-expect-error a misspelt field of the employee body does not compile
        api.call(APP_ROUTES.createEmployee, { params: { companyId: 1 }, body: { nmae: '周' } }),
      // @ts-expect-error updating an employee needs its company and employee ids
      () => api.call(APP_ROUTES.updateEmployee, { params: { companyId: 1 }, body: {} }),
      // @ts-expect-error GET /index has no ids in its path
      () => api.call(APP_ROUTES.indexPage, { params: { companyId: 1 } }),
      // @ts-expect-error the news call takes a query, not a body
      () => api.call(APP_ROUTES.news, { query: { limit: 1 }, body: {} }),
    ];
    // Only the deletion's answer `{ id }` passes: the other calls' schemas refuse it at run time.
    const settled = await Promise.allSettled([
      api.call(APP_ROUTES.deleteEmployee, { params: { companyId: 1, employeeId: 1 } }),
      ...calls.map((call) => call()),
    ]);
    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
  });
});
