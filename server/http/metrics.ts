// What an operator watches (issue 21 item 2): one Prometheus registry per app, served at
// GET /metrics. Counters are kept where the work happens (requests here, pushes in the mutation
// primitive, feed rows in the feed route); levels that already exist somewhere (sockets, the
// database pool, the render line) are read from their owners when Prometheus scrapes, so nothing
// is counted twice. Node's own figures (event-loop delay, heap, GC) are process-wide and live in
// one process registry shared by every app of the process (tests build many).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** How a mutation request ended (server/sync/mutation.ts). */
export type PushOutcome = 'applied' | 'refused' | 'replayed';

/** A level read at scrape time: one value, or one per label set. */
type Level = () => number | ReadonlyArray<{ labels: Record<string, string>; value: number }>;

export type AppMetrics = {
  readonly registry: Registry;
  /** An answer sent: its method, route pattern, status and time since the request arrived. */
  answered(method: string, route: string, status: number, seconds: number): void;
  /** A mutation request's outcome (a replay answered the stored answer of an earlier attempt). */
  push(outcome: PushOutcome): void;
  /** Rows a feed page served. */
  feedRows(count: number): void;
  /** A live event reached a socket `lagMs` after its change committed. */
  fanOutLag(lagMs: number): void;
  /** A level read when Prometheus scrapes (sockets, pool connections, render line). */
  level(name: string, help: string, read: Level, labelNames?: readonly string[]): void;
  /** `count` reports a device sent about itself (routes/clientReports.ts): already checked. */
  clientReport(kind: string, code: string, count: number): void;
};

let processRegistry: Registry | null = null;

/** Node's process figures, collected once per process whatever the number of apps. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

/** Seconds: request and fan-out buckets from a quick answer to a slow first-sync page. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(): AppMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const pushes = new Counter({
    name: 'sync_pushes_total',
    help: 'Mutation requests (outbox pushes) by outcome: applied, refused, replayed (idempotent)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['applied', 'refused', 'replayed'] as const) pushes.inc({ outcome }, 0);
  const feedRows = new Counter({
    name: 'sync_feed_rows_total',
    help: 'Rows served by the sync feed (GET /sync-api/v1/changes)',
    registers: [registry],
  });
  const fanOut = new Histogram({
    name: 'live_fanout_lag_seconds',
    help: 'Time from a change committing to its live event being sent to a socket',
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const reports = new Counter({
    name: 'client_reports_total',
    help: 'Problems devices reported about themselves (sync stuck, storage faults), by kind and code',
    labelNames: ['kind', 'code'] as const,
    registers: [registry],
  });
  return {
    registry,
    answered(method, route, status, seconds) {
      requests.inc({ method, route, status_code: String(status) });
      duration.observe({ method, route }, seconds);
    },
    push: (outcome) => pushes.inc({ outcome }),
    feedRows: (count) => feedRows.inc(count),
    fanOutLag: (lagMs) => fanOut.observe(Math.max(0, lagMs) / 1000),
    clientReport: (kind, code, count) => reports.inc({ kind, code }, count),
    level(name, help, read, labelNames = []) {
      new Gauge({
        name,
        help,
        labelNames: [...labelNames],
        registers: [registry],
        collect() {
          const value = read();
          this.reset();
          if (typeof value === 'number') this.set(value);
          else for (const entry of value) this.set(entry.labels, entry.value);
        },
      });
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/**
 * The route a request matched, as its pattern (`/orders-api/v7/orders/:id`): never the path
 * itself, whose ids would make a series per record. Unmatched requests share one label.
 */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** Counts and times every answer, and serves the registry (with the process figures). */
export function registerMetrics(
  app: FastifyInstance,
  metrics: AppMetrics,
  allowed: (request: FastifyRequest) => boolean,
): void {
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    metrics.answered(
      request.method,
      routeLabel(request),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { config: { auth: 'public' } }, async (request, reply) => {
    if (!allowed(request)) return reply.status(404).send();
    const merged = Registry.merge([processMetrics(), metrics.registry]);
    reply.type(merged.contentType);
    return merged.metrics();
  });
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token; without,
 * only a scraper on the process's own machine talking to it directly. A request that came
 * through a proxy (it names a forwarded address) is refused even from loopback, since nginx on
 * the same machine connects from 127.0.0.1 on behalf of anyone.
 */
export function metricsAccess(token: string | undefined): (request: FastifyRequest) => boolean {
  if (token) {
    const expected = Buffer.from(`Bearer ${token}`);
    return (request) => {
      const sent = Buffer.from(request.headers.authorization ?? '');
      return sent.length === expected.length && timingSafeEqual(sent, expected);
    };
  }
  return directFromThisMachine;
}

/**
 * A request made on this machine straight to the process: from loopback, naming no forwarded
 * address (a proxy on the same machine connects from loopback on behalf of anyone).
 */
export function directFromThisMachine(request: FastifyRequest): boolean {
  return (
    request.headers['x-forwarded-for'] === undefined &&
    request.headers.forwarded === undefined &&
    request.headers['x-real-ip'] === undefined &&
    LOOPBACK.test(request.socket.remoteAddress ?? '')
  );
}
