// Serves the brand logos the demo catalogue points at (`/brand-logos/<file>.svg`): our own
// drawings in server/demo/seed/logos, read once at start-up, public (the brand search and the sync
// feed hand out the URLs, and the service worker caches them), cached long with an ETag.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/httpError';

export const BRAND_LOGO_PATH = '/brand-logos';
const LOGO_DIR = new URL('./logos/', import.meta.url);
// A logo may be redrawn; a month is long enough to spare the network and short enough to update.
const CACHE_CONTROL = 'public, max-age=2592000';

type Logo = { body: Buffer; etag: string };

function loadLogos(): Map<string, Logo> {
  const logos = new Map<string, Logo>();
  for (const file of readdirSync(LOGO_DIR)) {
    if (!file.endsWith('.svg')) continue;
    const body = readFileSync(new URL(file, LOGO_DIR));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    logos.set(file, { body, etag });
  }
  return logos;
}

export function registerBrandLogos(app: FastifyInstance): void {
  const logos = loadLogos();
  app.get<{ Params: { file: string } }>(
    `${BRAND_LOGO_PATH}/:file`,
    {
      config: { auth: 'public' },
      schema: {
        params: {
          type: 'object',
          required: ['file'],
          properties: { file: { type: 'string', maxLength: 100, pattern: '^[a-z0-9-]+\\.svg$' } },
        },
      },
    },
    async (request, reply) => {
      const logo = logos.get(request.params.file);
      if (!logo) throw notFound();
      reply
        .header('cache-control', CACHE_CONTROL)
        .header('etag', logo.etag)
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own must not run anything (ours contain no script anyway).
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      if (request.headers['if-none-match'] === logo.etag) return reply.status(304).send();
      return reply.type('image/svg+xml').send(logo.body);
    },
  );
}
