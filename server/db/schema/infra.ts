// Server machinery: replayable answers for Idempotency-Key, the identity provider's storage and
// the failed-login record behind its rate limit.
import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { time } from './columns';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** The token subject (account id) the key belongs to: keys of two users never collide. */
    subject: text('subject').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body'),
    /** SHA-256 of the request that stored this answer: the same key with another body is refused. */
    requestHash: text('request_hash'),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subject, t.key] }),
    index('idempotency_created_idx').on(t.createdAt),
  ],
);

export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: time('expires_at'),
    consumedAt: time('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.id] }),
    index('oidc_grant_idx').on(t.grantId),
    index('oidc_uid_idx').on(t.uid),
  ],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    at: time('at').notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_user_idx').on(t.username, t.at),
    index('login_failures_ip_idx').on(t.ip, t.at),
  ],
);
