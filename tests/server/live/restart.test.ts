// The live channel across a PostgreSQL restart (review M6): the real app on a PostgreSQL of this
// test's own, a websocket subscribed to a company's pokes; the database is stopped and started
// again under the running server. /readyz is not ok while it is down and ok again after (and
// /healthz, liveness, stays ok throughout: the process itself is fine); the
// listener comes back by itself, sends the resync poke, and live events flow again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../server/db/database';
import { RESYNC_POKE } from '../../../server/live/bus';
import { write } from '../../../server/sync/write';
import { TOPICS } from '../../../src/domain/todos/topics';
import { LiveClient, type LiveServer, seedParties, startLiveServer } from '../../support/live';
import {
  type PrivatePostgres,
  postgresBinDir,
  startPrivatePostgres,
} from '../../support/privatePostgres';
import { companyRowStub } from '../../support/rowStubs';
import { accessTokenFor } from '../../support/tokens';

const binDir = postgresBinDir();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(binDir === null)(
  'live channel across a PostgreSQL restart (skipped only where no PostgreSQL binaries are installed)',
  () => {
    let postgres: PrivatePostgres;
    let database: Database;
    let server: LiveServer;
    let client: LiveClient | null = null;

    beforeAll(async () => {
      if (binDir === null) return;
      postgres = await startPrivatePostgres(binDir);
      database = await openDatabase({ databaseUrl: postgres.url });
      await database.migrate();
      server = await startLiveServer(database);
    }, 120_000);
    afterAll(async () => {
      client?.close();
      await server?.close();
      await database?.close();
      await postgres?.destroy();
    }, 60_000);

    const health = async (url = '/readyz') => {
      const res = await server.app.inject({ method: 'GET', url });
      return { status: res.statusCode, code: (res.json() as { error_code?: string }).error_code };
    };

    it('reports not-ok while the database is down, then resyncs and delivers events again', async () => {
      const p = await seedParties(database, 'restart');
      const topic = TOPICS.syncPoke(p.companyX);
      const live = await LiveClient.open(server.url);
      client = live;
      const token = await accessTokenFor(database, server.issuer, p.userX);
      expect(await live.connect(token, p.userX)).toEqual({ type: 'connected' });
      expect(await live.subscribe(topic)).toEqual({ type: 'subscribed', topic });
      expect(await health()).toEqual({ status: 200, code: undefined });

      await postgres.stop();
      await expect.poll(async () => (await health()).status, { timeout: 20_000 }).toBe(503);
      expect((await health('/healthz')).status).toBe(200);
      // Down for longer than one retry: the listener must keep trying, not give up after one.
      await sleep(3_000);
      expect((await health()).status).toBe(503);
      await postgres.start();

      // The listener reconnects by itself (backoff) and tells the company's clients to pull.
      const resync = await live.next((f) => f.type === 'event' && f.topic === topic, 60_000);
      expect(resync.payload).toEqual(RESYNC_POKE);
      await expect
        .poll(async () => (await health()).status, { timeout: 20_000, interval: 200 })
        .toBe(200);

      // An event published after the restart reaches the same socket.
      await write(database.db, async (_tx, changes) => {
        changes.upsert('companies', companyRowStub(p.companyX, Date.now()), [p.companyX]);
      });
      const after = await live.next(
        (f) =>
          f.type === 'event' &&
          f.topic === topic &&
          typeof (f.payload as { version?: unknown }).version === 'number',
        10_000,
      );
      expect(after.payload).toEqual({ version: expect.any(Number) });
    }, 120_000);
  },
);
