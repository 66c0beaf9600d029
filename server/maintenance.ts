// Housekeeping every server process runs on a timer (wired by app.ts; it reaches several layers,
// so it sits beside the composition root): old tombstones, old idempotency answers and
// unused uploads (server/messaging/fileGc.ts) go. Every delete is idempotent, so several processes
// doing it at once is harmless.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/database';
import { collectUnusedFiles } from './messaging/fileGc';
import { purgeIdempotencyKeys } from './sync/mutation';
import { purgeTombstones, TOMBSTONE_RETENTION_DAYS } from './sync/retention';

const HOUR_MS = 3600 * 1000;

export async function runMaintenance(db: Db, now = Date.now()): Promise<void> {
  await purgeTombstones(db, new Date(now - TOMBSTONE_RETENTION_DAYS * 24 * HOUR_MS));
  await purgeIdempotencyKeys(db, now);
  await collectUnusedFiles(db, now);
}

/** Starts the hourly timer; returns the function that stops it. */
export function startMaintenance(db: Db, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    runMaintenance(db).catch((error: unknown) => log.error({ err: error }, 'maintenance failed'));
  }, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
