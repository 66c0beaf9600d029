// The mail calls of settings-messaging-shared §7 ("Mails: GET, PUT and DELETE /mails/{id}; POST
// /mails; PATCH /mails/{id}?mailState", and GET /mails with mailState and numberOfDays 7),
// registered by routes/todos.ts under the same prefix.
import type { FastifyInstance } from 'fastify';
import type { MailBody, MailPatchBody } from '../../src/contract/api/outbox';
import type { MailState } from '../../src/domain/todos/mailStates';
import { requireMembership } from '../auth/session';
import type { Db } from '../db/database';
import { notFound } from '../http/httpError';
import { ok } from '../http/replies';
import { mutate } from '../sync/mutation';
import { actorOf } from './actor';
import { createMail, deleteMail, setMailState, updateMail } from './mailService';
import { TODO_SERVER_MESSAGES as M } from './messages';
import { listMails } from './todoQueries';
import { loadTodoOf, projectTodo } from './todoRows';
import {
  companyQuery,
  idParams,
  mailBody,
  mailPatchBody,
  mailStateQuery,
  mailsQuery,
} from './todoSchemas';

type IdParams = { id: number };

export function registerMailRoutes(app: FastifyInstance, db: Db, prefix: string): void {
  app.get<{ Querystring: { mailState?: MailState; numberOfDays: number; size: number } }>(
    `${prefix}/mails`,
    { schema: { querystring: mailsQuery } },
    async (request) => {
      const { membership } = requireMembership(request);
      return ok(await listMails(db, { companyId: membership.companyId, ...request.query }));
    },
  );

  app.get<{ Params: IdParams }>(
    `${prefix}/mails/:id`,
    { schema: { params: idParams, querystring: companyQuery } },
    async (request) => {
      const { membership } = requireMembership(request);
      const mail = await loadTodoOf(db, request.params.id, membership.companyId, M.MAIL_NOT_FOUND);
      if (mail.type !== 'MAIL') throw notFound(M.MAIL_NOT_FOUND);
      return ok(await projectTodo(db, mail.id));
    },
  );

  app.post<{ Body: MailBody }>(
    `${prefix}/mails`,
    { schema: { querystring: companyQuery, body: mailBody } },
    async (request, reply) => {
      const { user, membership } = requireMembership(request);
      return mutate(db, request, reply, async (tx, changes) =>
        ok(await createMail(tx, changes, request.body, actorOf(user, membership))),
      );
    },
  );

  app.put<{ Params: IdParams; Body: MailPatchBody }>(
    `${prefix}/mails/:id`,
    { schema: { params: idParams, querystring: companyQuery, body: mailPatchBody } },
    async (request, reply) => {
      const { user, membership } = requireMembership(request);
      return mutate(db, request, reply, async (tx, changes) =>
        ok(
          await updateMail(tx, changes, request.params.id, request.body, actorOf(user, membership)),
        ),
      );
    },
  );

  app.patch<{ Params: IdParams; Querystring: { mailState: MailState } }>(
    `${prefix}/mails/:id`,
    { schema: { params: idParams, querystring: mailStateQuery } },
    async (request, reply) => {
      const { user, membership } = requireMembership(request);
      const actor = actorOf(user, membership);
      return mutate(db, request, reply, async (tx, changes) =>
        ok(await setMailState(tx, changes, request.params.id, request.query.mailState, actor)),
      );
    },
  );

  app.delete<{ Params: IdParams }>(
    `${prefix}/mails/:id`,
    { schema: { params: idParams, querystring: companyQuery } },
    async (request, reply) => {
      const { user, membership } = requireMembership(request);
      return mutate(db, request, reply, async (tx, changes) =>
        ok(await deleteMail(tx, changes, request.params.id, actorOf(user, membership))),
      );
    },
  );
}
