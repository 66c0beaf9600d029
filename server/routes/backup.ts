// POST /admin-api/v1/backup: the running server's PGlite database as a gzipped tar, for
// `npm run backup` on the same machine (PGlite's directory can be opened by one process only, so
// the process that has it open makes the copy). Only requests made straight to the process from
// its own machine: through a proxy, or from elsewhere, the route does not exist (404). PostgreSQL
// is backed up with pg_dump instead; there the route is absent.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { backupFileName } from '../db/backup';
import { directFromThisMachine } from '../http/metrics';

export const BACKUP_PATH = '/admin-api/v1/backup';

export function registerBackup(app: FastifyInstance, { database }: Pick<AppContext, 'database'>) {
  const { dumpDataDir } = database;
  if (!dumpDataDir) return;
  app.post(BACKUP_PATH, { config: { auth: 'public' } }, async (request, reply) => {
    if (!directFromThisMachine(request)) return reply.status(404).send();
    const started = Date.now();
    const tar = await dumpDataDir();
    request.log.info(
      { bytes: tar.length, ms: Date.now() - started },
      'backup: data directory dumped',
    );
    return reply
      .type('application/gzip')
      .header('content-disposition', `attachment; filename="${backupFileName('pglite')}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(tar.buffer, tar.byteOffset, tar.length));
  });
}
