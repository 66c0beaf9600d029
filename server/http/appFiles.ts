// Serves the built app (vite build output): hashed assets cached for a year, the entry points
// (index.html, the service worker, the manifest) always revalidated so an update is seen, and
// every other navigation answered with index.html so client-side routes survive a reload.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import { isApiPath } from './errors';
import { failure } from './replies';

const REVALIDATE = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

const isSourceMap = (path: string): boolean => path.endsWith('.map');

export async function registerAppFiles(app: FastifyInstance, appDir: string): Promise<void> {
  const indexFile = join(appDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    // Its own scope, so its routes (which take no route config) can be marked public.
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, auth: 'public' };
      });
      await scope.register(fastifyStatic, {
        root: appDir,
        index: 'index.html',
        // The build's .br and .gz copies (vite.config.ts), chosen by the request's Accept-Encoding.
        preCompressed: true,
        // Source maps are not built (vite.config.ts); one left in an older APP_DIR is not served.
        allowedPath: (pathName) => !isSourceMap(pathName),
        setHeaders(reply, path) {
          const name = path.slice(appDir.length).replaceAll('\\', '/');
          if (name.startsWith('/assets/')) {
            reply.header('Cache-Control', 'public, max-age=31536000, immutable');
          } else if (REVALIDATE.has(name)) {
            reply.header('Cache-Control', 'no-cache');
          }
        },
      });
    });
  } else {
    app.log.warn(`No built app in ${appDir}: run \`npm run build\` (npm start does it for you).`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !isSourceMap(request.url.split('?', 1)[0] ?? '');
    if (!isPage) return reply.status(404).send(failure('NOT_FOUND', COMMON_MESSAGES.NOT_FOUND));
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('应用尚未构建：请运行 npm run build（npm start 会自动构建）。');
    }
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(indexFile));
  });
}
