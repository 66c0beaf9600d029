// Files (settings-messaging-shared §7 "Files", §8 413 message, §9; purchasing-core §7.3):
// multipart upload of one file per call, its content for the companies allowed to read it, and
// delete by path for the owning company only. Type rules: server/messaging/uploadRules.ts.
// Uploads stream in with their size, type, quota and concurrency bounds (uploadIntake.ts).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { APP_ROUTES as R } from '../../src/contract/api/routes';
import { uploadFailedWithReason } from '../../src/domain/files/messages';
import {
  DOCUMENT_TYPES,
  type DocumentType,
  MAX_FILE_SIZE_BYTES,
} from '../../src/domain/files/uploads';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import { requireMembership } from '../auth/session';
import type { AppContext } from '../context';
import { badRequest, HttpError, notFound, refused } from '../http/httpError';
import { answer, ok } from '../http/replies';
import { currentCompanyId } from '../http/schemas';
import { checkQuota } from '../messaging/fileQuota';
import { deleteFile, fileContent, readableFile, storeFile } from '../messaging/fileStore';
import {
  TODO_SERVER_MESSAGES,
  UPLOAD_LIMIT_MESSAGES,
  UPLOAD_REFUSALS,
} from '../messaging/messages';
import { receiveFile, UploadSlots } from '../messaging/uploadIntake';
import {
  type AcceptedUpload,
  acceptUpload,
  contentDisposition,
  displayFileName,
} from '../messaging/uploadRules';
import { mutate, replayStoredAnswer } from '../sync/mutation';

const path = { type: 'string', minLength: 1, maxLength: 400 } as const;

const uploadQuery = {
  type: 'object',
  required: ['documentType'],
  properties: {
    currentCompanyId,
    documentType: { type: 'string', enum: Object.values(DOCUMENT_TYPES) },
    entityId: { type: 'string', maxLength: 64 },
    parameter: { type: 'string', maxLength: 200 },
  },
} as const;

const pathQuery = {
  type: 'object',
  required: ['path'],
  properties: { currentCompanyId, path },
} as const;

type UploadQuery = { documentType: DocumentType; entityId?: string; parameter?: string };

export function registerFiles(
  app: FastifyInstance,
  { database, config }: Pick<AppContext, 'database' | 'config'>,
) {
  const { db } = database;
  const slots = new UploadSlots();

  // Multipart parsing only where uploads arrive. Busboy stops reading one byte short of 20 MB:
  // the domain refuses a file of exactly 20 MB, and the plugin's 413 becomes the spec's message.
  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: true,
      limits: {
        fileSize: MAX_FILE_SIZE_BYTES - 1,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 12,
        headerPairs: 20,
      },
    });

    scope.post<{ Querystring: UploadQuery }>(
      '/api/v7/files',
      // Busboy reads the multipart body with the limits above (20 MB of file, a few small
      // fields); Fastify's JSON body limit never applies to it. Anything else gets 400.
      { schema: { querystring: uploadQuery } },
      async (request, reply) => {
        const { user, membership } = requireMembership(request);
        if (!request.isMultipart()) throw badRequest('请求参数有误：file');
        // A retry whose first attempt was stored (its answer lost on the way) gets that answer
        // back before any quota or concurrency refusal: the company may be full by now.
        const replayed = await replayStoredAnswer(db, request, reply);
        if (replayed !== undefined) return replayed;
        const release = slots.take(user.accountId);
        if (typeof release === 'string') {
          const status = release === 'account' ? 429 : 503;
          void reply.header('retry-after', release === 'account' ? '2' : '5');
          throw new HttpError(status, 'TOO_MANY_UPLOADS', UPLOAD_LIMIT_MESSAGES.TOO_MANY);
        }
        try {
          const { companyId } = membership;
          // A full company is told before 20 MB travel; the size is checked again when stored.
          await checkQuota(db, companyId, 0, config.uploadQuotaBytes);
          const part = await request.file();
          if (part?.fieldname !== 'file') throw badRequest('请求参数有误：file');
          const name = displayFileName(part.filename);
          const intake = await receiveFile(
            part.file,
            MAX_FILE_SIZE_BYTES,
            (head) =>
              acceptUpload(request.query.documentType, { name, type: part.mimetype, bytes: head }),
            (verdict: AcceptedUpload) => 'refusal' in verdict,
          );
          if (intake.kind === 'too-large') {
            throw new HttpError(413, 'PAYLOAD_TOO_LARGE', COMMON_MESSAGES.FILE_TOO_LARGE);
          }
          const accepted = intake.verdict;
          if ('refusal' in accepted) {
            const message = uploadFailedWithReason(accepted.refusal);
            if (accepted.refusal === UPLOAD_REFUSALS.EMPTY) throw refused(message, 'EMPTY_FILE');
            throw new HttpError(415, 'UNSUPPORTED_FILE_TYPE', message);
          }
          if (intake.kind !== 'received') throw new Error('an accepted upload without its bytes');
          const { bytes } = intake;
          return await mutate(db, request, reply, async (tx) => {
            await checkQuota(tx, companyId, bytes.length, config.uploadQuotaBytes);
            return answer(
              R.uploadFile,
              await storeFile(tx, {
                companyId,
                uploadedBy: user.accountId,
                documentType: request.query.documentType,
                entityId: request.query.entityId ?? null,
                name,
                contentType: accepted.contentType,
                bytes,
              }),
            );
          });
        } finally {
          release();
        }
      },
    );
  });

  app.get<{ Querystring: { path: string } }>(
    '/api/v7/files/content',
    { schema: { querystring: pathQuery } },
    async (request, reply) => {
      const { user } = requireMembership(request);
      const companyIds = user.memberships.map((m) => m.companyId);
      const file = await readableFile(db, request.query.path, companyIds);
      if (!file) throw notFound(TODO_SERVER_MESSAGES.FILE_NOT_FOUND);
      // Same origin as the app: never let a stored file run as a page (SVG, HTML). Never kept by
      // the browser either: a revoked membership or a deleted file must not stay readable on the
      // device (security review L3); the service worker keeps images until the session ends.
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.fileName, file.contentType))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(await fileContent(db, file));
    },
  );

  app.delete<{ Querystring: { path: string } }>(
    '/api/v7/files',
    { schema: { querystring: pathQuery } },
    async (request, reply) => {
      const { membership } = requireMembership(request);
      return mutate(db, request, reply, async (tx) =>
        ok(await deleteFile(tx, request.query.path, membership.companyId)),
      );
    },
  );
}
