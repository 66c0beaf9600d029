// The report export's generate call (settings-messaging-shared §7): POST
// /template-api/v7/{module}/{module_id}/{template_id}/generate with the body {module, module_id,
// template_id, data}. Success is the PDF itself; a refusal is the usual envelope plus an `error`
// field with the same text ("If the answer carries an error field its text is shown").
// The document is built in server/documents/generate.ts and rendered on a worker thread
// (server/documents/renderPool.ts, closed with the app); renders beyond the limit
// (DOCUMENT_RENDERS at once, a short line waiting) are answered 503 with Retry-After. A template
// whose code the company's permission map lacks is a 403 (generate.ts, templatePermitted).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import { accounts } from '../db/schema/index';
import {
  attachmentHeader,
  checkBodyMatchesPath,
  generateDocument,
  TEMPLATE_MESSAGES,
} from '../documents/generate';
import { RenderBusyError } from '../documents/renderLimit';
import { createDocumentRenderer, type DocumentRenderer } from '../documents/renderPool';
import { badRequest, HttpError, unauthorized } from '../http/httpError';
import { companyQuery } from '../http/schemas';

type GenerateParams = { module: string; module_id: string; template_id: string };

const pathText = { type: 'string', minLength: 1, maxLength: 64 } as const;

/** Every refusal of the route carries `error` beside `error_message` (the spec's error field). */
function withErrorField(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null) return payload;
  const message = (payload as { error_message?: unknown }).error_message;
  return typeof message === 'string' ? { ...payload, error: message } : payload;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The generate route's renderer: its worker threads, and how many PDFs render and wait now. */
    documentRenderer: DocumentRenderer;
  }
}

/** When a refused export may try again (the line of renders is a few seconds long). */
const RETRY_AFTER_SECONDS = 3;

export function registerTemplates(
  app: FastifyInstance,
  { database, config }: Pick<AppContext, 'database' | 'config'>,
) {
  const { db } = database;
  const renderer = createDocumentRenderer({
    threads: config.documents.renders,
    maxWaiting: config.documents.renderQueue,
  });
  app.decorate('documentRenderer', renderer);
  if (app.hasDecorator('metrics')) {
    app.metrics.level(
      'document_renders',
      'PDF renders of the generate route: running, and waiting for a render thread',
      () => [
        { labels: { state: 'running' }, value: renderer.limit.running },
        { labels: { state: 'waiting' }, value: renderer.limit.waiting },
      ],
      ['state'],
    );
  }
  // Tests and shutdown leave no threads behind.
  app.addHook('onClose', async () => renderer.close());

  app.post<{ Params: GenerateParams; Body: unknown }>(
    '/template-api/v7/:module/:module_id/:template_id/generate',
    {
      schema: {
        params: {
          type: 'object',
          required: ['module', 'module_id', 'template_id'],
          properties: { module: pathText, module_id: pathText, template_id: pathText },
        },
        querystring: companyQuery,
        // Checked by hand (generate.ts) so each mistake gets its own message.
        body: {
          type: ['object', 'null'],
          properties: { module: {}, module_id: {}, template_id: {}, data: {} },
        },
      },
      // Runs for the error handler's envelope too, including the session's 401 / 403.
      preSerialization: async (_request, _reply, payload) => withErrorField(payload),
    },
    async (request, reply) => {
      const { user, membership } = requireMembership(request);
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (typeof body !== 'object' || Array.isArray(body)) {
        throw badRequest(TEMPLATE_MESSAGES.badField('body'));
      }
      checkBodyMatchesPath(body, request.params);
      const [account] = await db
        .select({ name: accounts.name, mobile: accounts.mobile, timezone: accounts.timezone })
        .from(accounts)
        .where(eq(accounts.id, user.accountId));
      if (!account) throw unauthorized();
      const document = await generateDocument(
        db,
        {
          companyId: membership.companyId,
          permissions: membership.permissions,
          user: account,
          module: request.params.module,
          moduleId: request.params.module_id,
          templateId: request.params.template_id,
          data: body.data,
        },
        { render: (spec) => renderer.render(spec) },
      ).catch((error: unknown) => {
        if (!(error instanceof RenderBusyError)) throw error;
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        throw new HttpError(503, 'DOCUMENT_BUSY', TEMPLATE_MESSAGES.BUSY);
      });
      // The worker's bytes, transferred to this thread, are sent as they are (no copy).
      const { bytes } = document;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(document.fileName))
        .header('cache-control', 'no-store')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
}
