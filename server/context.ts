// What every route group and the live channel are built with: the app's dependencies and the
// services buildApp adds (token verifier, live bus, issuer). Kept apart from the app factory so the
// layers below the composition root never import it.
import type { TokenVerifier } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import type { LiveBus } from './live/bus';

/** Every route of the app with its auth level, for the route-matrix tests and docs/api.md. */
export type RouteInfo = {
  method: string;
  url: string;
  auth: string;
  /** The route's JSON schemas (params, querystring, body), as declared. */
  schema: { params?: unknown; querystring?: unknown; body?: unknown };
};

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteInfo[];
  }
}

export type AppDeps = {
  config: ServerConfig;
  database: Database;
  /** Where the log goes instead of stdout (tests read it: no secrets in a production log). */
  logStream?: { write(line: string): void };
  /** HTTPS=on: the key and certificate chain to serve, and the local authority phones trust. */
  tls?: { key: string; cert: string; caPem: string };
};

export type AppContext = AppDeps & {
  verifier: TokenVerifier;
  /** Live events of every server process on this database (LISTEN/NOTIFY). */
  bus: LiveBus;
  /** The issuer of the tokens the API accepts. */
  issuer: string;
};
