// Server settings, read once from the environment. Every variable is documented in README.md.
import { resolve } from 'node:path';
import { z } from 'zod';

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
  APP_DIR: z.string().min(1).default('./dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('purchasing-app'),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_JWKS_URL: z.url().optional(),
  ACCESS_TOKEN_TTL: seconds.default(600),
  REFRESH_TOKEN_TTL: seconds.default(30 * 24 * 3600),
  DEMO_DATA: onOff.default('on'),
  SIM: onOff.default('on'),
  SIM_SPEED: z.coerce.number().positive().default(1),
  DOCUMENT_RENDERS: z.coerce.number().int().min(1).max(16).default(1),
  TRUST_PROXY: onOff.default('off'),
  SMS_OUTBOX_FILE: z.string().trim().min(1).optional(),
});

export type ServerConfig = {
  port: number;
  host: string;
  /** The origin users open (the embedded provider's issuer is `${publicUrl}/oidc`). */
  publicUrl: string;
  /** Where PGlite keeps its files when no DATABASE_URL is set; `memory://` keeps nothing. */
  dataDir: string;
  databaseUrl: string | undefined;
  /** The built app (vite build output) served at `/`. */
  appDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  oidc: {
    /** Set: an external SSO issues the tokens and the embedded provider is off. */
    externalIssuer: string | undefined;
    clientId: string;
    audience: string | undefined;
    jwksUrl: string | undefined;
    accessTokenTtl: number;
    refreshTokenTtl: number;
  };
  /** Fill an empty database with the demo companies, accounts and documents. */
  demoData: boolean;
  /** Behind a reverse proxy: take the client address and scheme from X-Forwarded-* headers. */
  trustProxy: boolean;
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
};

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
  const shownHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/$/, ''),
    dataDir: e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appDir: resolve(e.APP_DIR),
    logLevel: e.LOG_LEVEL,
    oidc: {
      externalIssuer: e.OIDC_ISSUER,
      clientId: e.OIDC_CLIENT_ID,
      audience: e.OIDC_AUDIENCE,
      jwksUrl: e.OIDC_JWKS_URL,
      accessTokenTtl: e.ACCESS_TOKEN_TTL,
      refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    },
    demoData: e.DEMO_DATA === 'on',
    trustProxy: e.TRUST_PROXY === 'on',
    simulator: { enabled: e.SIM === 'on', speed: e.SIM_SPEED },
    documents: { renders: e.DOCUMENT_RENDERS, renderQueue: DOCUMENT_RENDER_QUEUE },
    smsOutboxFile: e.SMS_OUTBOX_FILE ?? null,
  };
}
