// The route contract test's world: the real server in-process on a test database with the
// fixtures, and the app's own API client (src/platform/api/apiClient.ts) whose fetch is the
// server's `inject`, so every answer goes through the client's envelope reading and the route's
// answer schema exactly as in the browser. Each request carries the token of the account a case
// names (or none), and the raw envelope of the last answer is kept for the renamed-field checks.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashCode } from '../../server/account/codeHash';
import { buildApp } from '../../server/app';
import { accounts, imageCodes } from '../../server/db/schema/index';
import { type ApiClient, createApiClient } from '../../src/platform/api/apiClient';
import { lastSms, newOutboxFile } from '../server/account/accountHarness';
import { testConfig } from '../support/app';
import { type DriverName, openTestDatabase, type TestDatabase } from '../support/databases';
import { type FixtureIds, seedFixtures } from '../support/fixtures';
import { accessTokenFor } from '../support/tokens';

export type Who = 'adminA' | 'userA' | null;

const BASE_URL = 'http://contract.test';
/** userA's mobile: the password reset's code goes there. */
export const USER_MOBILE = '13800000101';
/** A mobile nobody holds: the registration's. */
export const NEW_MOBILE = '13900000102';

export interface RoutesWorld {
  fx: FixtureIds;
  /** The app's client, signed in as `as(who)` last chose. */
  api: ApiClient;
  as(who: Who): void;
  /** The `data` of the last answer as the server sent it (before the client's schema). */
  lastData(): unknown;
  /** The newest code the SMS outbox holds for a mobile. */
  smsCode(mobile: string, purpose: string): string;
  /** A human-check answer the server accepts (the real ones are proof-of-work). */
  knownImageCode(): Promise<{ id: string; answer: string }>;
  /** Ids the cases hand on to later cases (a created employee, an uploaded file). */
  kept: Map<string, number | string>;
  notified: string[];
  app: FastifyInstance;
  close(): Promise<void>;
}

/** `fetch` answered by the in-process server: the Request encodes JSON and multipart bodies. */
function injectFetch(app: FastifyInstance, seen: (body: unknown) => void): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(payload ? { payload } : {}),
    });
    try {
      seen(res.json());
    } catch {
      seen(null);
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, String(value));
    }
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };
}

export async function startRoutesWorld(driver: DriverName): Promise<RoutesWorld> {
  const db: TestDatabase = await openTestDatabase(driver);
  const outbox = newOutboxFile();
  const config = testConfig({ smsOutboxFile: outbox });
  const app = await buildApp({ config, database: db.database });
  await app.ready();
  const fx = await seedFixtures(db.database);
  await db.database.db
    .update(accounts)
    .set({ mobile: USER_MOBILE })
    .where(eq(accounts.id, fx.accounts.userA));
  const issuer = `${config.publicUrl}/oidc`;
  const tokens = {
    adminA: await accessTokenFor(db.database, issuer, fx.accounts.adminA),
    userA: await accessTokenFor(db.database, issuer, fx.accounts.userA),
  };

  let who: Who = null;
  let last: unknown = null;
  let images = 0;
  const notified: string[] = [];
  const api = createApiClient({
    baseUrl: BASE_URL,
    getToken: async () => (who === null ? null : tokens[who]),
    companyId: () => (who === null ? null : fx.companies.buyerA),
    online: () => true,
    notify: (message) => notified.push(message),
    onUnauthorized: () => notified.push('401'),
    fetch: injectFetch(app, (body) => {
      last = body;
    }),
  });

  return {
    fx,
    api,
    as: (next) => {
      who = next;
    },
    lastData: () =>
      last !== null && typeof last === 'object' && 'data' in last ? last.data : undefined,
    smsCode: (mobile, purpose) => {
      const code = lastSms(outbox, mobile, purpose)?.code;
      if (!code) throw new Error(`no ${purpose} code sent to ${mobile}`);
      return code;
    },
    knownImageCode: async () => {
      images += 1;
      const image = { id: `contract-image-${images}`, answer: 'k7xp' };
      await db.database.db.insert(imageCodes).values({
        id: image.id,
        answerHash: hashCode(image.answer),
        expiresAt: new Date(Date.now() + 60_000),
      });
      return image;
    },
    kept: new Map(),
    notified,
    app,
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}
