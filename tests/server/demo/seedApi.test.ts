// The demo through the real API: what `npm start` shows the demo accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/demo/seed/demo';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { accessTokenFor } from '../../support/tokens';
import { rows } from './seedHarness';

describe.each(drivers)('demo data through the API on %s', (driver) => {
  let server: TestServer;
  const accountIds = new Map<string, number>();

  beforeAll(async () => {
    server = await startTestServer(driver);
    await seedDemoData(server.db.database, { seed: 2026 });
    for (const r of await rows(server.db.database.db, 'select id, username from accounts')) {
      accountIds.set(String(r.username), Number(r.id));
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const get = async (username: string, url: string, query: Record<string, string> = {}) =>
    server.app.inject({
      method: 'GET',
      url,
      query,
      headers: {
        authorization: `Bearer ${await accessTokenFor(server.db.database, server.issuer, accountIds.get(username) ?? 0)}`,
      },
    });

  it('shows buyer both companies, admin its first, nocompany the no-company message', async () => {
    const buyer = (await get('buyer', '/api/v7/user')).json().data;
    expect(buyer.companies.map((c: { name: string }) => c.name)).toEqual([
      '上海精工机械有限公司',
      '苏州恒远自动化设备有限公司',
    ]);
    expect(buyer.companies.every((c: { admin: boolean }) => c.admin === false)).toBe(true);
    const admin = (await get('admin', '/api/v7/user')).json().data;
    expect(admin.companies).toEqual([
      expect.objectContaining({ name: '上海精工机械有限公司', admin: true }),
    ]);
    const nobody = (await get('nocompany', '/api/v7/user')).json().data;
    expect(nobody).toMatchObject({
      companies: [],
      no_company_message: COMMON_MESSAGES.NO_COMPANY_BOUND,
    });
  });

  it("syncs a company's own documents and nobody else's", async () => {
    const buyer = (await get('buyer', '/api/v7/user')).json().data;
    const [first, second] = buyer.companies.map((c: { id: number }) => c.id);
    const feed = async (companyId: number) => {
      const changes: Array<{ table: string; row: { company_id?: number } }> = [];
      let cursor = '0';
      for (;;) {
        const res = await get('buyer', '/sync-api/v1/changes', {
          currentCompanyId: String(companyId),
          cursor,
          limit: '100',
        });
        expect(res.statusCode).toBe(200);
        const page = res.json().data;
        changes.push(...page.changes);
        cursor = page.cursor;
        if (!page.has_more) return changes;
      }
    };
    for (const companyId of [first, second]) {
      const changes = await feed(companyId);
      const sheets = changes.filter((c) => c.table === 'sheets');
      expect(sheets.length).toBeGreaterThan(5);
      const own = (table: string) =>
        changes.filter((c) => c.table === table).every((c) => c.row.company_id === companyId);
      expect(own('sheets') && own('orders') && own('staff')).toBe(true);
      expect(changes.some((c) => c.table === 'brands')).toBe(true);
    }
    const other = await get('buyer', '/sync-api/v1/changes', { currentCompanyId: '3' });
    expect(other.statusCode).toBe(403);
  });

  it('lists only demo brands with a logo and a known state in the brand search', async () => {
    const search = async (name: string) =>
      (await get('buyer', '/api/v7/search/brands', { currentCompanyId: '1', name })).json().data;
    const names = (data: unknown) =>
      (Array.isArray(data) ? data : ((data as { items?: unknown[] }).items ?? [])).map(
        (b) => (b as { name: string }).name,
      );
    expect(names(await search('西门子'))).toContain('Siemens 西门子');
    expect(names(await search('魏德米勒'))).toEqual([]);
  });
});
