// The to-do inbox and message calls of settings-messaging-shared §7 "To-dos and messages" and
// "Message panel", under /todos-api/v7, for the current company. Rules and writes live in
// server/messaging (todoService, mailService, todoQueries); this file parses and authorizes.
import type { FastifyInstance } from 'fastify';
import type { MessageBody } from '../../src/contract/api/outbox';
import { APP_ROUTES as R } from '../../src/contract/api/routes';
import type { TodoModule, TodoScope, TodoState, TodoType } from '../../src/domain/todos/todoCodes';
import { type AuthUser, requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, forbidden, notFound } from '../http/httpError';
import { answer, ok } from '../http/replies';
import { countersFor } from '../live/counters';
import { actorOf } from '../messaging/actor';
import { registerMailRoutes } from '../messaging/mailRoutes';
import { TODO_SERVER_MESSAGES } from '../messaging/messages';
import { isParty, loadModuleRecord } from '../messaging/moduleRecords';
import {
  contactStatus,
  listCollects,
  listModuleMessages,
  listTodos,
  moduleContacts,
  todoContacts,
  todoModules,
} from '../messaging/todoQueries';
import {
  boundingQuery,
  collectsQuery,
  companyQuery,
  delayQuery,
  idParams,
  MODULE_PAIR,
  messageBody,
  moduleParams,
  moduleTodosQuery,
  stateQuery,
  todosQuery,
} from '../messaging/todoSchemas';
import {
  bindTodo,
  delayTodo,
  deleteMessage,
  postMessage,
  setTodoState,
} from '../messaging/todoService';
import { mutate } from '../sync/mutation';

export const TODOS_PREFIX = '/todos-api/v7';

type IdParams = { id: number };
type ModuleParams = { module: TodoModule; module_id: number };
type Company = { currentCompanyId: string };

/** The companies a list names: each must be one of the user's (else 403); the current one by default. */
function companiesOf(user: AuthUser, current: number, requested: number[] | undefined): number[] {
  if (!requested || requested.length === 0) return [current];
  const mine = new Set(user.memberships.map((m) => m.companyId));
  if (!requested.every((id) => mine.has(id))) throw forbidden();
  return [...new Set(requested)];
}

/** The path's record plus the `modules` pairs, at most two records in all. */
function moduleRecords(params: ModuleParams, pairs: string[] | undefined) {
  const records = new Map<string, { module: TodoModule; id: number }>();
  records.set(`${params.module}:${params.module_id}`, {
    module: params.module,
    id: params.module_id,
  });
  for (const pair of pairs ?? []) {
    const [, module, id] = MODULE_PAIR.exec(pair) ?? [];
    if (module !== 'ORDER' && module !== 'INQUERY_QUOTATION_SHEET') continue;
    records.set(`${module}:${Number(id)}`, { module, id: Number(id) });
  }
  if (records.size > 2) throw badRequest('请求参数有误：modules');
  return [...records.values()];
}

export function registerTodos(app: FastifyInstance, { database }: Pick<AppContext, 'database'>) {
  const { db } = database;
  const P = TODOS_PREFIX;

  app.get(`${P}/statistics`, { schema: { querystring: companyQuery } }, async (request) => {
    const { user } = requireMembership(request);
    const counters = await countersFor(db, user);
    return answer(R.statistics, {
      unread: counters.unread,
      undealt: counters.undealt,
      companies: counters.companies.map((c) => ({
        company_id: c.companyId,
        undealt: c.undealt,
        delay: c.delay,
      })),
    });
  });

  app.get<{
    Querystring: Company & {
      scope: TodoScope;
      message: boolean;
      size: number;
      companyIds?: number[];
      states?: TodoState[];
    };
  }>(`${P}/todos`, { schema: { querystring: todosQuery } }, async (request) => {
    const { user, membership } = requireMembership(request);
    const companyIds = companiesOf(user, membership.companyId, request.query.companyIds);
    const contactIds = user.memberships
      .filter((m) => companyIds.includes(m.companyId))
      .map((m) => m.contactId);
    return ok(
      await listTodos(db, {
        scope: request.query.scope,
        companyIds,
        contactIds,
        message: request.query.message,
        states: request.query.states,
        size: request.query.size,
      }),
    );
  });

  app.get(`${P}/todos/contacts`, { schema: { querystring: companyQuery } }, async (request) => {
    const { membership } = requireMembership(request);
    return ok({ items: await todoContacts(db, membership.companyId) });
  });

  app.get(`${P}/todos/modules`, { schema: { querystring: companyQuery } }, async (request) => {
    const { membership } = requireMembership(request);
    return ok({ items: await todoModules(db, membership.companyId) });
  });

  app.get<{ Querystring: Company & { companyIds?: number[]; size: number } }>(
    `${P}/todos/my_company_collects`,
    { schema: { querystring: collectsQuery } },
    async (request) => {
      const { user, membership } = requireMembership(request);
      const companyIds = companiesOf(user, membership.companyId, request.query.companyIds);
      return ok(await listCollects(db, companyIds, request.query.size));
    },
  );

  app.get<{
    Params: ModuleParams;
    Querystring: Company & {
      companyIds?: number[];
      todoTypes: TodoType[];
      modules?: string[];
      size: number;
    };
  }>(
    `${P}/:module/:module_id/todos`,
    { schema: { params: moduleParams, querystring: moduleTodosQuery } },
    async (request) => {
      const { user, membership } = requireMembership(request);
      return ok(
        await listModuleMessages(db, {
          records: moduleRecords(request.params, request.query.modules),
          companyIds: companiesOf(user, membership.companyId, request.query.companyIds),
          types: request.query.todoTypes,
          size: request.query.size,
        }),
      );
    },
  );

  app.get<{ Params: ModuleParams }>(
    `${P}/:module/:module_id/contacts`,
    { schema: { params: moduleParams, querystring: companyQuery } },
    async (request) => {
      const { membership } = requireMembership(request);
      const record = await loadModuleRecord(db, request.params.module, request.params.module_id);
      if (!record || !isParty(record, membership.companyId)) {
        throw notFound(TODO_SERVER_MESSAGES.MODULE_NOT_FOUND);
      }
      return ok({ items: await moduleContacts(db, record, membership.companyId) });
    },
  );

  app.get<{ Params: IdParams }>(
    `${P}/todos/:id/status`,
    { schema: { params: idParams, querystring: companyQuery } },
    async (request) => {
      const { membership } = requireMembership(request);
      return ok(await contactStatus(db, request.params.id, membership.companyId));
    },
  );

  app.put<{ Params: IdParams; Querystring: Company & { state: TodoState; todoTypes?: TodoType } }>(
    `${P}/todos/:id`,
    { schema: { params: idParams, querystring: stateQuery } },
    async (request, reply) => {
      const { user, membership } = requireMembership(request);
      const { state, todoTypes } = request.query;
      return mutate(db, request, reply, async (tx, changes) =>
        ok(
          await setTodoState(
            tx,
            changes,
            request.params.id,
            state,
            actorOf(user, membership),
            todoTypes,
          ),
        ),
      );
    },
  );

  app.patch<{ Params: IdParams; Querystring: Company & { delay?: string } }>(
    `${P}/todos/:id`,
    { schema: { params: idParams, querystring: delayQuery } },
    async (request, reply) => {
      const { user, membership } = requireMembership(request);
      return mutate(db, request, reply, async (tx, changes) =>
        ok(
          await delayTodo(
            tx,
            changes,
            request.params.id,
            request.query.delay ?? null,
            actorOf(user, membership),
          ),
        ),
      );
    },
  );

  app.put<{ Params: IdParams; Querystring: Company & { moduleId: number; module: TodoModule } }>(
    `${P}/todos/:id/bounding`,
    { schema: { params: idParams, querystring: boundingQuery } },
    async (request, reply) => {
      const { user, membership } = requireMembership(request);
      const target = { module: request.query.module, moduleId: request.query.moduleId };
      return mutate(db, request, reply, async (tx, changes) =>
        ok(await bindTodo(tx, changes, request.params.id, target, actorOf(user, membership))),
      );
    },
  );

  app.delete<{ Params: IdParams }>(
    `${P}/messages/:id`,
    { schema: { params: idParams, querystring: companyQuery } },
    async (request, reply) => {
      const { user, membership } = requireMembership(request);
      return mutate(db, request, reply, async (tx, changes) =>
        ok(await deleteMessage(tx, changes, request.params.id, actorOf(user, membership))),
      );
    },
  );

  app.post<{ Body: MessageBody }>(
    `${P}/messages`,
    { schema: { querystring: companyQuery, body: messageBody } },
    async (request, reply) => {
      const { user, membership } = requireMembership(request);
      return mutate(db, request, reply, async (tx, changes) =>
        ok(
          await postMessage(tx, changes, {
            ...request.body,
            fromCompanyId: membership.companyId,
            fromContactId: membership.contactId,
            senderCompanyIds: user.memberships.map((m) => m.companyId),
          }),
        ),
      );
    },
  );

  registerMailRoutes(app, db, P);
}
