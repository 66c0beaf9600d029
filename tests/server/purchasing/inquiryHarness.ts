// Shared set-up of the inquiry-quotation route tests: the real app on a fresh test database with
// the fixtures, a signed access token per fixture account, and small call/feed helpers.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { INQUIRY_BASE } from '../../../server/routes/inquiry';
import { testConfig } from '../../support/app';
import { type DriverName, openTestDatabase, type TestDatabase } from '../../support/databases';
import { type FixtureIds, seedFixtures } from '../../support/fixtures';
import { accessTokenFor } from '../../support/tokens';

export type Who = 'adminA' | 'userA' | 'userB';

export type Answer = {
  status: number;
  body: { data?: unknown; error_code?: string; error_message?: string } & Record<string, unknown>;
  headers: Record<string, unknown>;
};

export type CallOptions = {
  /** The currentCompanyId; default the caller's own company. */
  company?: number;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | number>;
};

export type InquiryServer = {
  app: FastifyInstance;
  db: TestDatabase;
  ids: FixtureIds;
  call(
    who: Who,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options?: CallOptions,
  ): Promise<Answer>;
  /** The company's feed entries after `cursor`, read as `who`. */
  feed(who: Who, cursor?: string): Promise<{ cursor: string; changes: FeedEntry[] }>;
  close(): Promise<void>;
};

export type FeedEntry = {
  table: string;
  op: string;
  id: string;
  row: Record<string, unknown> | null;
};

export async function startInquiryServer(driver: DriverName): Promise<InquiryServer> {
  const db = await openTestDatabase(driver);
  const config = testConfig();
  const app = await buildApp({ config, database: db.database });
  await app.ready();
  const ids = await seedFixtures(db.database);
  const issuer = `${config.publicUrl}/oidc`;
  const tokens: Record<Who, string> = {
    adminA: await accessTokenFor(db.database, issuer, ids.accounts.adminA),
    userA: await accessTokenFor(db.database, issuer, ids.accounts.userA),
    userB: await accessTokenFor(db.database, issuer, ids.accounts.userB),
  };
  const homeCompany: Record<Who, number> = {
    adminA: ids.companies.buyerA,
    userA: ids.companies.buyerA,
    userB: ids.companies.buyerB,
  };

  const call: InquiryServer['call'] = async (who, method, path, options = {}) => {
    const query = new URLSearchParams({
      currentCompanyId: String(options.company ?? homeCompany[who]),
      ...Object.fromEntries(Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)])),
    });
    const response = await app.inject({
      method,
      url: `${path}?${query}`,
      headers: { authorization: `Bearer ${tokens[who]}`, ...options.headers },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  return {
    app,
    db,
    ids,
    call,
    async feed(who, cursor = '0') {
      const answer = await call(who, 'GET', '/sync-api/v1/changes', {
        query: { cursor, limit: 5000 },
      });
      return answer.body.data as { cursor: string; changes: FeedEntry[] };
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}

export const BASE = INQUIRY_BASE;

/** The `data` of a successful answer as a row. */
export function row(answer: Answer): Record<string, unknown> {
  return answer.body.data as Record<string, unknown>;
}

export type SheetLine = {
  id: number;
  qty: number;
  product_type: string | null;
  quote_state: string;
};

export function linesOf(sheet: Record<string, unknown>): SheetLine[] {
  return sheet.inquiry_product_list as SheetLine[];
}

/** A valid create body (a sent inquiry unless `draft`). */
export function createBody(brandId: number, draft = false) {
  return {
    supplier: { payment_method: 'ADVANCE_PAYMENT' },
    brand: { id: brandId, name: 'Siemens' },
    product_list: [
      { product_type: '6ES7214-1AG40', product_article_no: '6ES72141AG400XB0', qty: 2 },
    ],
    save_to_draft: draft,
  };
}
