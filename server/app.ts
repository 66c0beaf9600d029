// Builds the reference server as a Fastify instance without listening, so tests run it in-process.
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { registerSession } from './auth/session';
import { API_AUDIENCE, embeddedVerifier, externalVerifier } from './auth/verifier';
import type { TrustProxy } from './config';
import type { AppContext, AppDeps, RouteInfo } from './context';
import { registerBrandLogos } from './demo/seed/logos';
import { startSimulator } from './demo/sim/runner';
import { registerAccessLog, requestIdOf } from './http/accessLog';
import { ANSWER_ENCODINGS, BROTLI_QUALITY, COMPRESS_THRESHOLD } from './http/answerEncoding';
import { registerAppFiles } from './http/appFiles';
import { JSON_BODY_LIMIT } from './http/bodyLimits';
import { frameworkErrors, registerErrorHandling } from './http/errors';
import { createMetrics, metricsAccess, registerMetrics } from './http/metrics';
import { registerSecurityHeaders } from './http/securityHeaders';
import { registerTextGuard } from './http/textGuard';
import { registerIdentityProvider } from './idp/identityProvider';
import { loadProviderKeys } from './idp/keysFile';
import { createLiveBus } from './live/bus';
import { registerLiveChannel } from './live/socket';
import { startMaintenance } from './maintenance';
import { registerAccount } from './routes/account';
import { registerAccounting } from './routes/accounting';
import { registerBackup } from './routes/backup';
import { registerClientReports } from './routes/clientReports';
import { registerCompanies } from './routes/companies';
import { registerEmployees } from './routes/employees';
import { registerFiles } from './routes/files';
import { registerHealth } from './routes/health';
import { registerInquiry } from './routes/inquiry';
import { registerOrders } from './routes/orders';
import { registerRuntimeConfig, runtimeConfig } from './routes/runtimeConfig';
import { registerSearch } from './routes/search';
import { registerMisc } from './routes/shellCalls';
import { registerSync } from './routes/sync';
import { registerTemplates } from './routes/templates';
import { registerTodos } from './routes/todos';
import { registerUser } from './routes/user';

/** A hop count as the function Fastify's types accept: believe the `hops` nearest hops. */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((a: string, i: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export async function buildApp({
  config,
  database,
  logStream,
  tls,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    // HTTPS=on (server/http/lanTls.ts): the same app on an https server. Fastify types its
    // instance by server kind; the https server answers the same request events.
    ...(tls
      ? {
          serverFactory: (handler: Parameters<typeof createHttpsServer>[1]) =>
            createHttpsServer({ key: tls.key, cert: tls.cert }, handler) as unknown as Server,
        }
      : {}),
    logger: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    // One access line per request at info (observability/accessLog.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    // Small for JSON; the routes that need more (uploads, a sheet's product list) raise it.
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors,
    // Behind nginx & co. the per-address limits must see the user's address, not the proxy's,
    // and must not believe hops the client wrote itself (TRUST_PROXY: a hop count or addresses).
    trustProxy: fastifyTrustProxy(config.trustProxy),
  });
  // API answers (a list, a document) compressed for slow mobile networks (http/answerEncoding.ts);
  // feed pages come compressed by their route, off the event loop. The built app's files come
  // pre-compressed instead.
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ANSWER_ENCODINGS,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
  });
  const external = config.oidc.externalIssuer;
  const issuer = external ?? `${config.publicUrl}/oidc`;
  const verifier = external
    ? externalVerifier({
        issuer: external,
        // Our own API audience by default, never the client id (which ID tokens carry).
        audience: config.oidc.audience ?? API_AUDIENCE,
        clientId: config.oidc.clientId,
        jwksUrl: config.oidc.jwksUrl,
      })
    : embeddedVerifier(issuer, (await loadProviderKeys(database.db, config.oidc.keysFile)).signing);
  const metrics = createMetrics();
  const bus = await createLiveBus(database, {
    onError: (error, where) => app.log.warn({ err: error }, where),
    onDelivered: (at) => metrics.fanOutLag(Date.now() - at),
  });
  app.addHook('onClose', async () => bus.close());
  const context: AppContext = { config, database, verifier, issuer, bus };

  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const { params, querystring, body } = (route.schema ?? {}) as RouteInfo['schema'];
      routeTable.push({
        method,
        url: route.url,
        auth: route.config?.auth ?? 'company',
        schema: { params, querystring, body },
      });
    }
  });
  registerMetrics(app, metrics, metricsAccess(config.metricsToken));
  const { poolStats } = database;
  if (poolStats) {
    metrics.level(
      'db_pool_connections',
      'PostgreSQL pool connections: total, idle, and requests waiting for one',
      () => {
        const stats = poolStats();
        return (['total', 'idle', 'waiting'] as const).map((state) => ({
          labels: { state },
          value: stats[state],
        }));
      },
      ['state'],
    );
  }
  registerAccessLog(app);
  registerErrorHandling(app);
  registerTextGuard(app);
  registerSecurityHeaders(app, context.config.publicUrl, runtimeConfig(context));
  registerSession(app, database.db, verifier);
  registerHealth(app, context);
  registerBackup(app, context);
  registerClientReports(app);
  registerSync(app, context);
  registerUser(app, context);
  registerInquiry(app, context);
  registerOrders(app, context);
  registerSearch(app, context);
  registerMisc(app, context);
  registerAccounting(app, context);
  registerTodos(app, context);
  registerFiles(app, context);
  registerAccount(app, context);
  registerCompanies(app, context);
  registerEmployees(app, context);
  registerTemplates(app, context);
  await registerLiveChannel(app, context, bus);
  await registerIdentityProvider(app, context);
  registerRuntimeConfig(app, context);
  registerBrandLogos(app);
  if (tls) {
    // The local authority's certificate, for a phone to download and trust (lanTls.ts).
    app.get('/lan-ca.pem', { config: { auth: 'public' } }, async (_request, reply) =>
      reply
        .type('application/x-pem-file')
        .header('content-disposition', 'attachment; filename="purchasing-lan-ca.pem"')
        .send(tls.caPem),
    );
  }
  await registerAppFiles(app, config.appDir);

  let stopMaintenance = () => {};
  let stopSimulator: () => Promise<void> = async () => {};
  app.addHook('onReady', async () => {
    stopMaintenance = startMaintenance(database.db, app.log);
    stopSimulator = startSimulator(database, config, app.log);
  });
  app.addHook('onClose', async () => {
    stopMaintenance();
    await stopSimulator();
  });
  return app;
}

export { API_AUDIENCE };
