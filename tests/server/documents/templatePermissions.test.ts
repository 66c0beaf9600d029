// The generate route gates each template by the company's permission map, as the app's report
// export does (<Permitted>): without the template's code the answer is the spec's 403, with it the
// PDF; the contract needs CONTRACT_EXPORT, the other report templates (询价函 too) REPORT_EXPORT.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TEMPLATES, templatePermitted } from '../../../src/documents/templates';
import {
  ALL_PERMISSION_CODES,
  PERMISSION_CODES,
  type PermissionCode,
} from '../../../src/domain/account/permissionCodes';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import type { TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { accessTokenFor } from '../../support/tokens';
import { rows } from '../demo/seedHarness';
import { signInDemoBuyer, startSeededServer } from './documentsHarness';

const NOW = '2026-03-12T03:04:05.000Z';
const { CONTRACT_EXPORT, REPORT_EXPORT } = PERMISSION_CODES;

describe.each(drivers)('template permissions on %s', (driver) => {
  let server: TestServer;
  let token = '';
  let companyId = 0;
  let orderId = 0;
  let sheetId = 0;

  const q = (sql: string) => rows(server.db.database.db, sql);
  const grant = async (codes: readonly PermissionCode[]) => {
    await q(
      `update companies set permissions = '${JSON.stringify(codes)}'::jsonb where id = ${companyId}`,
    );
  };
  const generate = (
    module: string,
    id: number,
    templateId: number,
    options: { token?: string; company?: number } = {},
  ) =>
    server.app.inject({
      method: 'POST',
      url: `/template-api/v7/${module}/${id}/${templateId}/generate`,
      query: { currentCompanyId: String(options.company ?? companyId) },
      headers: { authorization: `Bearer ${options.token ?? token}` },
      payload: { module, module_id: id, template_id: templateId, data: { now: NOW } },
    });
  const refusedWith403 = (res: Awaited<ReturnType<typeof generate>>) => {
    expect(res.statusCode, res.body.slice(0, 200)).toBe(403);
    const body = res.json() as { error_code?: string; error_message?: string; error?: string };
    expect(body.error_message).toBe(COMMON_MESSAGES.NO_PERMISSION);
    expect(body.error).toBe(COMMON_MESSAGES.NO_PERMISSION);
    // Not NOT_A_MEMBER: the app must keep this company's data.
    expect(body.error_code).toBe('FORBIDDEN');
  };

  beforeAll(async () => {
    server = await startSeededServer(driver);
    const buyer = await signInDemoBuyer(server);
    token = buyer.token;
    // The buyer's company with invoice info (苏州恒远), so the contract itself can be made.
    const [company] = await q(
      `select c.company_id from contacts c join company_invoices i on i.company_id = c.company_id
       where c.account_id = ${buyer.id} and c.status = 'IN_SERVICE' order by c.company_id limit 1`,
    );
    companyId = Number(company?.company_id);
    orderId = Number(
      (await q(`select id from orders where company_id = ${companyId} limit 1`))[0]?.id,
    );
    sheetId = Number(
      (await q(`select id from sheets where company_id = ${companyId} limit 1`))[0]?.id,
    );
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('makes every template for a company with the full map', async () => {
    await grant(ALL_PERMISSION_CODES);
    expect((await generate('ORDER', orderId, 101)).statusCode).toBe(200);
    expect((await generate('ORDER', orderId, 103)).statusCode).toBe(200);
    expect((await generate('INQUERY_QUOTATION_SHEET', sheetId, 201)).statusCode).toBe(200);
    expect((await generate('INQUERY_QUOTATION_SHEET', sheetId, 202)).statusCode).toBe(200);
  }, 60_000);

  it('refuses the contract without CONTRACT_EXPORT and still makes the reports', async () => {
    await grant([PERMISSION_CODES.ORDER, REPORT_EXPORT]);
    refusedWith403(await generate('ORDER', orderId, 101));
    expect((await generate('ORDER', orderId, 102)).statusCode).toBe(200);
    expect((await generate('INQUERY_QUOTATION_SHEET', sheetId, 201)).statusCode).toBe(200);
    expect((await generate('INQUERY_QUOTATION_SHEET', sheetId, 202)).statusCode).toBe(200);
  }, 60_000);

  it('refuses the report templates without REPORT_EXPORT and still makes the contract', async () => {
    await grant([CONTRACT_EXPORT]);
    for (const id of [102, 103, 104]) refusedWith403(await generate('ORDER', orderId, id));
    refusedWith403(await generate('INQUERY_QUOTATION_SHEET', sheetId, 201));
    refusedWith403(await generate('INQUERY_QUOTATION_SHEET', sheetId, 202));
    expect((await generate('ORDER', orderId, 101)).statusCode).toBe(200);
  }, 60_000);

  it('refuses before reading the record, and leaves the box label (no code) to anyone', async () => {
    await grant([]);
    refusedWith403(await generate('ORDER', 999_999_999, 101));
    // An unknown template is still a 400: it has no code to check.
    expect((await generate('ORDER', orderId, 999)).statusCode).toBe(400);
    expect((await generate('ORDER', orderId, 105)).statusCode).toBe(200);
  }, 60_000);

  it("refuses the seeded reduced map (小林五金: no export codes) and the domain's rule agrees", async () => {
    const [xiaolin] = await q(
      "select a.id as account_id, c.company_id from accounts a join contacts c on c.account_id = a.id where a.username = 'xiaolin'",
    );
    const company = Number(xiaolin?.company_id);
    const [map] = await q(`select permissions from companies where id = ${company}`);
    const codes = map?.permissions as string[];
    expect(codes).not.toContain(REPORT_EXPORT);
    expect(codes).not.toContain(CONTRACT_EXPORT);
    const xiaolinToken = await accessTokenFor(
      server.db.database,
      server.issuer,
      Number(xiaolin?.account_id),
    );
    const [order] = await q(`select id from orders where company_id = ${company} limit 1`);
    for (const template of [101, 102]) {
      refusedWith403(
        await generate('ORDER', Number(order?.id), template, { token: xiaolinToken, company }),
      );
    }
    const listed = REPORT_TEMPLATES.filter((t) => t.listed);
    expect(listed.filter((t) => templatePermitted(t, codes))).toEqual([]);
  }, 60_000);
});
