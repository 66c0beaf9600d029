// /healthz as a liveness signal (review M6): not ok after the event loop was blocked, and only
// then. /readyz as readiness (issue 21): not ok before the migrations, while the database does not
// answer, while the live listener is down and once the app is closing.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { EventLoopWatch } from '../../../server/http/eventLoopWatch';
import { HEALTH_MESSAGES, type HealthDeps, registerHealth } from '../../../server/routes/health';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy: nothing else runs, the heartbeat included.
  }
};

async function healthApp(deps: HealthDeps): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  registerHealth(app, deps);
  await app.ready();
  return app;
}

const healthy = (): HealthDeps => ({
  database: { ping: async () => {}, migrated: true },
  bus: { listening: true },
});

const get = async (app: FastifyInstance, url = '/healthz') => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as unknown };
};
const ready = (app: FastifyInstance) => get(app, '/readyz');

const notOk = (code: keyof typeof HEALTH_MESSAGES) => ({
  status: 503,
  body: { error_code: code, error_message: HEALTH_MESSAGES[code] },
});

describe('/healthz', () => {
  it('answers 503 after the event loop was blocked for 2.5 s, and keeps answering it', async () => {
    const app = await healthApp(healthy());
    expect(await get(app)).toEqual({ status: 200, body: { data: { status: 'ok' } } });
    busy(2_500);
    expect(await get(app)).toEqual(notOk('EVENT_LOOP_BLOCKED'));
    // The heartbeat has run since; the block is still reported within the hold window.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await get(app)).toEqual(notOk('EVENT_LOOP_BLOCKED'));
  });

  it('counts blocks over HEALTH_LOOP_BLOCK_MS, and none when it is 0', async () => {
    const strict = await healthApp({ ...healthy(), config: { healthLoopBlockMs: 100 } });
    const off = await healthApp({ ...healthy(), config: { healthLoopBlockMs: 0 } });
    busy(400);
    expect(await get(strict)).toEqual(notOk('EVENT_LOOP_BLOCKED'));
    expect((await get(off)).status).toBe(200);
  });
});

describe('/readyz', () => {
  it('is ok when the migrations ran, the database answers and the listener is up', async () => {
    const app = await healthApp(healthy());
    expect(await ready(app)).toEqual({ status: 200, body: { data: { status: 'ok' } } });
  });

  it('answers 503 while the live listener is down, and ok once it is back; /healthz stays ok', async () => {
    const bus = { listening: false };
    const app = await healthApp({ ...healthy(), bus });
    expect(await ready(app)).toEqual(notOk('LIVE_CHANNEL_DOWN'));
    expect((await get(app)).status).toBe(200);
    bus.listening = true;
    expect((await ready(app)).status).toBe(200);
  });

  it('answers 503 when the database does not answer; /healthz stays ok', async () => {
    const app = await healthApp({
      ...healthy(),
      database: {
        migrated: true,
        ping: async () => {
          throw new Error('connection refused');
        },
      },
    });
    expect(await ready(app)).toEqual(notOk('DATABASE_UNAVAILABLE'));
    expect((await get(app)).status).toBe(200);
  });

  it('answers 503 until the migrations have run', async () => {
    const database = { ping: async () => {}, migrated: false };
    const app = await healthApp({ ...healthy(), database });
    expect(await ready(app)).toEqual(notOk('NOT_MIGRATED'));
    database.migrated = true;
    expect((await ready(app)).status).toBe(200);
  });

  it('answers 503 once the app starts closing (a proxy passes on to another process)', async () => {
    const app = Fastify();
    registerHealth(app, healthy());
    let address = '';
    let during: { status: number } | null = null;
    // Runs while the server still accepts requests.
    app.addHook('preClose', async () => {
      const res = await fetch(`${address}/readyz`);
      during = { status: res.status };
    });
    address = await app.listen({ port: 0, host: '127.0.0.1' });
    expect((await fetch(`${address}/readyz`)).status).toBe(200);
    await app.close();
    // Fastify's own answer to every request of a closing server (return503OnClosing).
    expect(during).toMatchObject({ status: 503 });
  });
});

describe('the event-loop rule', () => {
  const watchAt = () => {
    let now = 0;
    const watch = new EventLoopWatch({ now: () => now });
    return {
      watch,
      /** Heartbeats every 250 ms up to `to`. */
      runTo(to: number) {
        while (now + 250 <= to) {
          now += 250;
          watch.beat(now);
        }
      },
      jump(ms: number) {
        now += ms;
        watch.beat(now);
      },
      get now() {
        return now;
      },
    };
  };

  it('is not tripped by a late heartbeat under 2 s', () => {
    const t = watchAt();
    t.runTo(1_000);
    t.jump(250 + 1_900);
    expect(t.watch.blocked(t.now)).toBe(false);
  });

  it('reports a stall over 2 s for 10 s, then ok again', () => {
    const t = watchAt();
    t.runTo(1_000);
    t.jump(250 + 2_100);
    const blockedAt = t.now;
    expect(t.watch.blocked(t.now)).toBe(true);
    t.runTo(blockedAt + 9_750);
    expect(t.watch.blocked(t.now)).toBe(true);
    t.runTo(blockedAt + 10_000);
    expect(t.watch.blocked(t.now)).toBe(false);
  });
});
