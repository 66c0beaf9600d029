// The files calls (settings-messaging-shared §7 "Files"): a multipart upload (POST /api/v7/files,
// from the main thread for an avatar or a logo, from the worker for an outbox entry's files) and
// the content address images and attachments are fetched from (bytes, not an envelope). Written
// with zod/mini: the worker imports this file, and its bundle stays off classic zod.
import { z } from 'zod/mini';
import { route } from './route';

/** `GET ?path=<object name>`: the file's bytes, with the bearer token (not JSON). */
export const FILE_CONTENT_PATH = '/api/v7/files/content';

export const uploadedFileSchema = z.object({
  object_name: z.string().check(z.minLength(1)),
  url: z.string(),
  name: z.string(),
  content_type: z.string(),
  size: z.number(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export type UploadQuery = {
  /** DOCUMENT_TYPES of src/domain/files/uploads.ts. */
  documentType: string;
  /** The record the file is for (an account's avatar, a company's logo). */
  entityId?: string;
};

export const FILE_ROUTES = {
  uploadFile: route<{ query: UploadQuery; body: FormData }>()({
    method: 'POST',
    path: () => '/api/v7/files',
    answer: uploadedFileSchema,
  }),
};
