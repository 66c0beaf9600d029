// Compression of API answers, in one place: the plugin (app.ts) compresses every answer as it is
// sent; the sync feed compresses its own pages, on the thread pool and possibly ahead of the
// request (server/sync/feedReadAhead.ts), with the same encodings, level and threshold.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

export type AnswerEncoding = 'br' | 'gzip';

/** Preferred first when the client accepts both. */
export const ANSWER_ENCODINGS: AnswerEncoding[] = ['br', 'gzip'];
/** Answers smaller than this go as they are: compressing them saves nothing worth its cost. */
export const COMPRESS_THRESHOLD = 1024;
/** Brotli at a moderate quality: it runs per answer (quality 11 is for files built once). */
export const BROTLI_QUALITY = 4;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding an answer goes in, from the request's Accept-Encoding (null: as it is). */
export function answerEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  return negotiate(acceptEncoding, ANSWER_ENCODINGS);
}

/** The answer's bytes in `encoding`, compressed on libuv's thread pool (not the event loop). */
export function encodeAnswer(bytes: Buffer, encoding: AnswerEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzip(bytes);
}
