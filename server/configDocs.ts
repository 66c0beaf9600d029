// What each environment variable does, in the words of README.md's table, which is made from
// this file (`npm run docs:env`; tests/server/configDocs.test.ts fails when they differ). The
// server's own variables are typed by its config schema, so a new one cannot go undocumented.
import type { EnvVariable } from './config';

export type EnvDoc = { default: string; text: string };

/** The server's variables (server/config.ts), in the README's order. */
export const ENV_DOCS: Record<EnvVariable, EnvDoc> = {
  PORT: {
    default: '`8080`',
    text: 'port of the server (`0` picks a free one; the URL is printed)',
  },
  HOST: {
    default: '`127.0.0.1`',
    text: 'address to bind; `0.0.0.0` to reach it from other devices (a phone on the LAN needs `HTTPS=on` too: `npm start -- --https` sets both)',
  },
  PUBLIC_URL: {
    default: '`http://HOST:PORT`',
    text: "the address users open (behind a proxy, its https URL); the embedded provider's issuer is `<PUBLIC_URL>/oidc`, and HSTS is sent when it is https",
  },
  DATA_DIR: {
    default: '`./data`',
    text: 'where the embedded PGlite database lives; `memory://` keeps nothing',
  },
  DATABASE_URL: {
    default: 'unset',
    text: '`postgres://user:pass@host:5432/db`: use this PostgreSQL instead of PGlite. Recommended in production: PGlite runs in the server process, enforces no statement timeout and is one process only',
  },
  DB_STATEMENT_TIMEOUT_MS: {
    default: '`30000`',
    text: 'PostgreSQL: longest a statement may run; a request that runs out is answered 503 (数据库繁忙，请稍后再试). Seeds and migrations are not limited',
  },
  DB_LOCK_TIMEOUT_MS: {
    default: '`10000`',
    text: 'PostgreSQL: longest a write waits for a lock (every write takes one sync lock) or a request for a free pooled connection; then 503 as above',
  },
  APP_DIR: {
    default: '`./dist`',
    text: 'the built app the server serves',
  },
  UPLOAD_QUOTA_MB: {
    default: '`2048`',
    text: "storage one company's uploads may use (files not deleted); past it an upload is refused (存储空间已满，请联系客服)",
  },
  LOG_LEVEL: {
    default: '`info`',
    text: 'server log level (`fatal` … `trace`, `silent`)',
  },
  DOCUMENT_RENDERS: {
    default: '`1`',
    text: 'PDFs the report export renders at once on the server, each on its own worker thread (1–16; idle threads exit after a minute); up to 8 more wait, beyond that the export answers 503 (单据生成繁忙)',
  },
  HEALTH_LOOP_BLOCK_MS: {
    default: '`2000`',
    text: "`/healthz` (liveness) answers 503 for 10 s after the event loop stood still longer than this many ms (a slow regex, a long PGlite query), so an orchestrator restarts a process that keeps stalling; `0` turns the check off. Readiness is `/readyz`: 503 before the migrations ran, while the database does not answer or the live channel's listener reconnects",
  },
  SHUTDOWN_GRACE_S: {
    default: '`25`',
    text: "on SIGTERM/SIGINT: seconds open requests and live sockets get to finish before the process exits anyway (keep it under the orchestrator's stop timeout: systemd 90 s, Docker 10 s unless `stop_grace_period` says more)",
  },
  METRICS_TOKEN: {
    default: 'unset',
    text: 'bearer token (16+ characters) Prometheus sends for `GET /metrics`; unset, `/metrics` answers only requests made straight to the process from its own machine (never through a proxy). docs/deploy.md lists the metrics',
  },
  SMS_PROVIDER: {
    default: '`log`',
    text: '`aliyun`: send verification codes and registration notices through Alibaba Cloud SMS (短信服务) with the `ALIYUN_SMS_*` settings; `log`: send nothing, write each message to the log (masked in production) and `SMS_OUTBOX_FILE`',
  },
  ALIYUN_SMS_ACCESS_KEY_ID: {
    default: 'unset',
    text: '`SMS_PROVIDER=aliyun`: the AccessKey ID (a RAM user allowed `dysms:SendSms` only)',
  },
  ALIYUN_SMS_ACCESS_KEY_SECRET: {
    default: 'unset',
    text: '`SMS_PROVIDER=aliyun`: its AccessKey secret',
  },
  ALIYUN_SMS_SIGN_NAME: {
    default: 'unset',
    text: '`SMS_PROVIDER=aliyun`: the approved signature (签名), e.g. `德采`',
  },
  ALIYUN_SMS_TEMPLATES: {
    default: 'unset',
    text: '`SMS_PROVIDER=aliyun`: the approved template codes as JSON, one per kind of message: `{"CODE":"SMS_…","ACCOUNT_EXISTS":"SMS_…","REQUEST_PENDING":"SMS_…","APPROVED":"SMS_…"}`; the templates take the parameters code and minutes (CODE), username and password (APPROVED), none (the two notices) (docs/deploy.md, SMS)',
  },
  ALIYUN_SMS_ENDPOINT: {
    default: '`https://dysmsapi.aliyuncs.com/`',
    text: '`SMS_PROVIDER=aliyun`: the API endpoint',
  },
  HTTPS: {
    default: '`off`',
    text: '`on`: serve https itself with a certificate from its own local authority in `TLS_DIR` (made once; the start-up lines say how a phone trusts it), so phones on an office network get a secure context (service worker, sign-in). Plain http on a LAN address cannot work: the browser gives such a page no service worker, no Web Locks and no `crypto.subtle`. With `HOST=0.0.0.0`, `PUBLIC_URL` defaults to `https://<the first LAN address>:PORT`. Behind nginx (TLS there) leave it off',
  },
  TLS_DIR: {
    default: '`./tls`',
    text: "`HTTPS=on`: where the local authority (`lan-ca.pem`, the one file phones trust) and the server certificate live; the certificate is made again when the machine's addresses change",
  },
  FEED_READ_AHEAD_MB: {
    default: '`64`',
    text: "Memory per process for sync feed pages prepared ahead of a first sync's next request (server/sync/feedReadAhead.ts); `0` prepares none",
  },
  TRUST_PROXY: {
    default: '`off`',
    text: 'behind a reverse proxy: the number of proxies in front of the server (`1` behind one nginx) or their addresses/CIDR ranges (`10.0.0.0/8,127.0.0.1`); client addresses then come from that many `X-Forwarded-For` hops, so sign-in and registration limits count each client. `on` (trust every hop) is refused: a client could choose its own address; so are ranges wider than /8 (IPv4) or /16 (IPv6), such as `0.0.0.0/0`. The proxy must overwrite, not append to, `X-Forwarded-For` when it is the only hop trusted',
  },
  NODE_ENV: {
    default: 'unset',
    text: '`production`: `DEMO_DATA` and `SIM` default to `off`, and the server refuses to start while a demo account still has the demo password, unless `DEMO_DATA=on` is set on purpose',
  },
  DEMO_DATA: {
    default: '`on` (`off` in production)',
    text: 'fill an empty database with the demo companies, accounts and documents (below)',
  },
  SIM: {
    default: '`on` (`off` in production)',
    text: 'run the supplier simulator (below); `SIM_SPEED=10` makes it ten times faster',
  },
  SIM_SPEED: {
    default: '`1`',
    text: 'how much faster the simulator acts (`10`: ten times)',
  },
  DEV_ORIGINS: {
    default: 'unset',
    text: "other origins the embedded provider accepts for sign-in (redirect and CORS), comma-separated; `npm run dev` sets the Vite dev server's. Never set it in production",
  },
  OIDC_KEYS_FILE: {
    default: 'unset',
    text: "the embedded provider's signing and cookie keys from this JSON file instead of the database (recommended in production, so a database backup holds no key); `npx tsx scripts/oidcKeys.ts > keys.json` writes one, `--rotate keys.json` puts new keys in front (docs/security.md, L11)",
  },
  OIDC_ISSUER: {
    default: 'unset',
    text: "an external SSO's issuer (a Keycloak realm, see above): the embedded provider is then off",
  },
  OIDC_CLIENT_ID: {
    default: '`purchasing-app`',
    text: "the app's client id at the provider",
  },
  OIDC_AUDIENCE: {
    default: '`urn:purchasing:api`',
    text: 'the audience API access tokens must carry (external SSO)',
  },
  OIDC_JWKS_URL: {
    default: "the realm's certs",
    text: "where the external SSO publishes its signing keys (default `<OIDC_ISSUER>/protocol/openid-connect/certs`, Keycloak's)",
  },
  ACCESS_TOKEN_TTL: {
    default: '`600`',
    text: 'seconds an access token of the embedded provider lives',
  },
  REFRESH_TOKEN_TTL: {
    default: '`2592000`',
    text: 'seconds a refresh token of the embedded provider lives (30 days)',
  },
  SMS_OUTBOX_FILE: {
    default: 'unset',
    text: 'also append each SMS the server would send (verification codes) to this file, one JSON line each; for tests (see Verification codes)',
  },
  SMS_HOURLY_LIMIT: {
    default: '`200`',
    text: 'registration SMS codes sent an hour in all; past it the code request answers 429 for every mobile (see Verification codes)',
  },
  SMS_PREFIX_HOURLY_LIMIT: {
    default: '`20`',
    text: 'registration SMS codes sent an hour to mobiles of one 7-digit prefix (a script walking through numbers)',
  },
};

/** Variables read by the npm scripts and the tests, not by the server. */
export const SCRIPT_ENV_DOCS: Record<string, EnvDoc> = {
  PG_BIN: {
    default: "Debian's newest",
    text: '`npm run backup` and `npm run restore` on PostgreSQL: the folder of `pg_dump` and `pg_restore` (default `/usr/lib/postgresql/<newest>/bin`, then the `PATH`); they must be at least as new as the server',
  },
  CLUSTER_WORKERS: {
    default: '`2`',
    text: '`npm run start:cluster`, and `npm run start:prod` when set: how many server processes share the port (1–64; docs/deploy.md)',
  },
  TEST_DATABASE_URL: {
    default: 'unset',
    text: 'tests only: an administrator URL of a PostgreSQL; server tests then also run on it, each in a fresh database (`.ci/run` sets it)',
  },
  CHROMIUM_PATH: {
    default: '`/usr/bin/chromium`',
    text: 'tests only: the Chromium Playwright drives',
  },
  NGINX_PATH: {
    default: '`/usr/sbin/nginx`',
    text: 'tests only: the nginx the proxy suite starts (e2e/proxy/)',
  },
  E2E_PORT: {
    default: '`4310`',
    text: 'tests only: port of the server the e2e suite starts',
  },
};

/** README's table: one row a variable, the server's first. */
export function envTable(): string {
  const rows = [...Object.entries(ENV_DOCS), ...Object.entries(SCRIPT_ENV_DOCS)].map(
    ([name, doc]) => `| \`${name}\` | ${doc.default} | ${doc.text} |`,
  );
  return ['| variable | default | what it does |', '|---|---|---|', ...rows].join('\n');
}
