// Server settings, read once from the environment. Every variable is documented in README.md.
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { DatabaseTimeouts } from './db/timeouts';

const onOff = z.enum(['on', 'off']);
/** Renders that may wait for a slot (at ~0.2 s each, a few seconds of work). */
const DOCUMENT_RENDER_QUEUE = 8;
const seconds = z.coerce.number().int().min(1);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(10_000_000).default(2048),
  APP_DIR: z.string().min(1).default('./dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('purchasing-app'),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_JWKS_URL: z.url().optional(),
  OIDC_KEYS_FILE: z.string().trim().min(1).optional(),
  ACCESS_TOKEN_TTL: seconds.default(600),
  REFRESH_TOKEN_TTL: seconds.default(30 * 24 * 3600),
  NODE_ENV: z.string().optional(),
  // Defaults depend on NODE_ENV (below): a production start never seeds the demo by itself.
  DEMO_DATA: onOff.optional(),
  SIM: onOff.optional(),
  SIM_SPEED: z.coerce.number().positive().default(1),
  DOCUMENT_RENDERS: z.coerce.number().int().min(1).max(16).default(1),
  TRUST_PROXY: z.string().trim().default('off'),
  DEV_ORIGINS: z.string().trim().optional(),
  SMS_OUTBOX_FILE: z.string().trim().min(1).optional(),
  SMS_HOURLY_LIMIT: z.coerce.number().int().min(1).default(200),
  SMS_PREFIX_HOURLY_LIMIT: z.coerce.number().int().min(1).default(20),
  HEALTH_LOOP_BLOCK_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  FEED_READ_AHEAD_MB: z.coerce.number().int().min(0).max(4096).default(64),
  SHUTDOWN_GRACE_S: z.coerce.number().int().min(1).max(600).default(25),
  SMS_PROVIDER: z.enum(['log', 'aliyun']).default('log'),
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().trim().min(1).optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().trim().min(1).optional(),
  ALIYUN_SMS_TEMPLATES: z.string().trim().min(1).optional(),
  ALIYUN_SMS_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com/'),
  HTTPS: onOff.default('off'),
  TLS_DIR: z.string().trim().min(1).default('./tls'),
  METRICS_TOKEN: z.string().trim().min(16, 'METRICS_TOKEN: at least 16 characters').optional(),
});

/** Every variable the server reads (server/configDocs.ts documents each; README's table is made from it). */
export type EnvVariable = keyof typeof envSchema.shape;
export const ENV_VARIABLES = Object.keys(envSchema.shape) as EnvVariable[];

export type ServerConfig = {
  port: number;
  host: string;
  /** The origin users open (the embedded provider's issuer is `${publicUrl}/oidc`). */
  publicUrl: string;
  /** Where PGlite keeps its files when no DATABASE_URL is set; `memory://` keeps nothing. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL: the longest a statement may run and a lock be waited for (server/db/timeouts.ts);
   * a request that runs out is answered 503 数据库繁忙，请稍后再试.
   */
  dbTimeouts: DatabaseTimeouts;
  /** Bytes of uploads (not deleted) one company may keep; the next upload is refused. */
  uploadQuotaBytes: number;
  /** The built app (vite build output) served at `/`. */
  appDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  oidc: {
    /** Set: an external SSO issues the tokens and the embedded provider is off. */
    externalIssuer: string | undefined;
    clientId: string;
    audience: string | undefined;
    jwksUrl: string | undefined;
    /** The embedded provider's signing and cookie keys from this file, not the database. */
    keysFile: string | undefined;
    accessTokenTtl: number;
    refreshTokenTtl: number;
  };
  /** NODE_ENV=production: safe defaults (no demo, no simulator) and checks at start. */
  production: boolean;
  /** Fill an empty database with the demo companies, accounts and documents. */
  demoData: boolean;
  /** DEMO_DATA=on was set, not defaulted: only then may a production start keep demo passwords. */
  demoDataExplicit: boolean;
  /**
   * Which X-Forwarded-* hops to believe (Fastify's `trustProxy`): false (none, the default), the
   * number of proxies in front of the server, or the addresses/CIDR ranges of those proxies.
   * Never "every hop": the leftmost X-Forwarded-For entry is whatever the client wrote.
   */
  trustProxy: TrustProxy;
  /**
   * Other origins the embedded provider accepts as redirect, post-logout and CORS origins: the
   * Vite dev server's, set by `npm run dev` through DEV_ORIGINS; none otherwise.
   */
  devOrigins: string[];
  /** Run the supplier simulator (quotes inquiries, moves orders along). */
  simulator: { enabled: boolean; speed: number };
  /**
   * PDF renders of the generate route (server/documents/renderPool.ts): at most `renders` at once,
   * each on its own worker thread, and `renderQueue` waiting; more are answered 503.
   */
  documents: { renders: number; renderQueue: number };
  /**
   * Also append every SMS the server would send (verification codes) to this file, one JSON line
   * each, with the registration image codes' answers: for automated tests. Unset: the log only.
   */
  smsOutboxFile: string | null;
  /**
   * Registration SMS codes sent an hour, in all and per 7-digit mobile prefix (security review
   * M11: a script cycling through numbers costs at most this much).
   */
  smsBudget: { hourly: number; prefixHourly: number };
  /** Where SMS go: null, the log (and SMS_OUTBOX_FILE) only; else Alibaba Cloud's SMS service. */
  smsProvider: AliyunSmsSettings | null;
  /**
   * /healthz answers 503 for a while after the event loop stood still longer than this (ms);
   * 0 turns that check off (server/http/eventLoopWatch.ts).
   */
  healthLoopBlockMs: number;
  /**
   * Bytes the feed may hold in pages prepared ahead of a first sync's next request
   * (server/sync/feedReadAhead.ts); 0 prepares none.
   */
  feedReadAheadBytes: number;
  /**
   * Bearer token Prometheus sends for GET /metrics. Unset: /metrics answers only requests made
   * straight to the process from its own machine (no proxy in between).
   */
  metricsToken: string | undefined;
  /**
   * On SIGTERM/SIGINT: how long open requests and live sockets get to finish before the process
   * exits anyway (under an orchestrator's own stop timeout: systemd 90 s, Docker 10 s unless set).
   */
  shutdownGraceSeconds: number;
  /**
   * HTTPS=on: serve https with a certificate from the server's own local authority in `dir`
   * (server/http/lanTls.ts), for phones on an office network; off behind a TLS proxy.
   */
  https: { enabled: boolean; dir: string };
};

export type TrustProxy = false | number | string[];

/** The kinds of SMS the server sends, each an approved template at the provider. */
export const SMS_TEMPLATE_KINDS = [
  'CODE',
  'ACCOUNT_EXISTS',
  'REQUEST_PENDING',
  'APPROVED',
] as const;
export type SmsTemplateKind = (typeof SMS_TEMPLATE_KINDS)[number];

/** SMS_PROVIDER=aliyun (server/account/aliyunSms.ts). */
export type AliyunSmsSettings = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** The approved template code (`SMS_123456789`) of each kind of message. */
  templates: Readonly<Record<SmsTemplateKind, string>>;
  endpoint: string;
};

/** ALIYUN_SMS_*: every one set, the templates a JSON object naming each kind. */
function parseAliyunSms(
  e: z.infer<typeof envSchema>,
): AliyunSmsSettings | null | { problem: string } {
  if (e.SMS_PROVIDER !== 'aliyun') return null;
  const { ALIYUN_SMS_ACCESS_KEY_ID: id, ALIYUN_SMS_ACCESS_KEY_SECRET: secret } = e;
  const { ALIYUN_SMS_SIGN_NAME: signName, ALIYUN_SMS_TEMPLATES: templatesText } = e;
  if (!id || !secret || !signName || !templatesText) {
    return {
      problem:
        'SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME and ALIYUN_SMS_TEMPLATES',
    };
  }
  let templates: unknown;
  try {
    templates = JSON.parse(templatesText);
  } catch {
    templates = null;
  }
  const record = (typeof templates === 'object' && templates !== null ? templates : {}) as Record<
    string,
    unknown
  >;
  const missing = SMS_TEMPLATE_KINDS.filter(
    (kind) => typeof record[kind] !== 'string' || !/^SMS_\d{1,20}$/.test(String(record[kind])),
  );
  if (missing.length > 0) {
    return {
      problem: `ALIYUN_SMS_TEMPLATES must be a JSON object with a template code (SMS_…) for ${missing.join(', ')}`,
    };
  }
  return {
    accessKeyId: id,
    accessKeySecret: secret,
    signName,
    templates: Object.fromEntries(SMS_TEMPLATE_KINDS.map((k) => [k, String(record[k])])) as Record<
      SmsTemplateKind,
      string
    >,
    endpoint: e.ALIYUN_SMS_ENDPOINT,
  };
}

const CIDR = /^[0-9a-fA-F.:]{2,45}(\/\d{1,3})?$/;

/** TRUST_PROXY: `off`, a hop count (1–10) or a comma-separated list of proxy addresses/CIDRs. */
export function parseTrustProxy(value: string): TrustProxy | { problem: string } {
  if (value === 'off' || value === '0') return false;
  if (value === 'on' || value === 'true') {
    return {
      problem:
        'TRUST_PROXY=on would trust every X-Forwarded-For hop (a client could pick its own address): set the number of proxies in front of the server (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    };
  }
  if (/^\d{1,2}$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? hops : { problem: 'TRUST_PROXY: at most 10 proxy hops' };
  }
  const list = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (list.length === 0 || !list.every((entry) => CIDR.test(entry))) {
    return { problem: 'TRUST_PROXY must be off, a hop count or a list of addresses/CIDR ranges' };
  }
  for (const entry of list) {
    const problem = proxyRangeProblem(entry);
    if (problem) return { problem };
  }
  return list;
}

/** Proxies live in a few small ranges: shorter prefixes than these trust (nearly) everyone. */
const SHORTEST_PREFIX = { v4: 8, v6: 16 } as const;

// `0.0.0.0/0` or `::/0` passes as a CIDR but trusts every hop, like TRUST_PROXY=on (security
// review follow-up #13): refused with the reason. IPv4-mapped IPv6 ranges count as IPv4.
function proxyRangeProblem(entry: string): string | null {
  const [address = '', bits] = entry.split('/');
  const version = isIP(address);
  if (version === 0) return `TRUST_PROXY: ${entry} is not an address or CIDR range`;
  const width = version === 4 ? 32 : 128;
  const prefix = bits === undefined ? width : Number(bits);
  if (!Number.isInteger(prefix) || prefix > width) {
    return `TRUST_PROXY: ${entry} has no valid prefix length (0–${width})`;
  }
  const mapped = version === 6 && address.toLowerCase().startsWith('::ffff:') && prefix >= 96;
  const [shortest, effective] =
    version === 4 || mapped
      ? [SHORTEST_PREFIX.v4, version === 4 ? prefix : prefix - 96]
      : [SHORTEST_PREFIX.v6, prefix];
  if (effective < shortest) {
    return `TRUST_PROXY: ${entry} would trust every X-Forwarded-For hop from a huge range of addresses (a client there could pick its own address): name the proxies' own addresses or ranges (IPv4 /${SHORTEST_PREFIX.v4} or longer, IPv6 /${SHORTEST_PREFIX.v6} or longer)`;
  }
  return null;
}

const isProblem = (value: unknown): value is { problem: string } =>
  typeof value === 'object' && value !== null && 'problem' in value;

function parseOrigins(value: string | undefined): string[] | { problem: string } {
  if (!value) return [];
  const origins = value
    .split(',')
    .map((entry) => entry.trim().replace(/\/$/, ''))
    .filter((entry) => entry !== '');
  const bad = origins.find((origin) => !/^https?:\/\/[^/\s]+$/.test(origin));
  return bad ? { problem: `DEV_ORIGINS: ${bad} is not an origin (http://host:port)` } : origins;
}

/** This machine's first non-loopback IPv4 address (what a phone on the LAN opens). */
function firstLanAddress(): string {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return '127.0.0.1';
}

export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  // An empty variable means "not set", as in most shells' `VAR= npm start`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid server environment:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const devOrigins = parseOrigins(e.DEV_ORIGINS);
  const smsProvider = parseAliyunSms(e);
  if (isProblem(trustProxy) || isProblem(devOrigins) || isProblem(smsProvider)) {
    const problems = [trustProxy, devOrigins, smsProvider]
      .filter(isProblem)
      .map((value) => value.problem);
    throw new Error(`Invalid server environment:\n  ${problems.join('\n  ')}`);
  }
  const production = e.NODE_ENV === 'production';
  const anyAddress = e.HOST === '0.0.0.0' || e.HOST === '::';
  const https = e.HTTPS === 'on';
  // Over https on every address, phones reach the machine by its LAN address, which the
  // certificate names; plain http keeps localhost (a LAN address is no secure context anyway).
  const shownHost = anyAddress ? (https ? firstLanAddress() : 'localhost') : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `${https ? 'https' : 'http'}://${shownHost}:${e.PORT}`).replace(
      /\/$/,
      '',
    ),
    dataDir: e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    dbTimeouts: { statementMs: e.DB_STATEMENT_TIMEOUT_MS, lockMs: e.DB_LOCK_TIMEOUT_MS },
    uploadQuotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    appDir: resolve(e.APP_DIR),
    logLevel: e.LOG_LEVEL,
    oidc: {
      externalIssuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE,
      jwksUrl: e.OIDC_JWKS_URL,
      keysFile: e.OIDC_KEYS_FILE,
      accessTokenTtl: e.ACCESS_TOKEN_TTL,
      refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    },
    production,
    demoData: (e.DEMO_DATA ?? (production ? 'off' : 'on')) === 'on',
    demoDataExplicit: e.DEMO_DATA === 'on',
    trustProxy,
    devOrigins,
    simulator: { enabled: (e.SIM ?? (production ? 'off' : 'on')) === 'on', speed: e.SIM_SPEED },
    documents: { renders: e.DOCUMENT_RENDERS, renderQueue: DOCUMENT_RENDER_QUEUE },
    smsOutboxFile: e.SMS_OUTBOX_FILE ?? null,
    smsBudget: { hourly: e.SMS_HOURLY_LIMIT, prefixHourly: e.SMS_PREFIX_HOURLY_LIMIT },
    smsProvider,
    healthLoopBlockMs: e.HEALTH_LOOP_BLOCK_MS,
    feedReadAheadBytes: e.FEED_READ_AHEAD_MB * 1024 * 1024,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_S,
    https: { enabled: https, dir: resolve(e.TLS_DIR) },
  };
}
