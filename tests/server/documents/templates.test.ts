// The generate call of the report export (settings-messaging-shared §7) on the demo data: each
// template's PDF (the sheet's 报价单 and 询价函 too) for a seeded order or sheet equals, byte for byte, what the definitions and the
// engine make from the synced rows for the same input and `now`; refusals carry `error` beside
// `error_message`; bad input is a 400, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDocument } from '../../../server/documents/generate';
import { loadCompanyRows } from '../../../server/sync/projections/companies';
import { loadOrderRows } from '../../../server/sync/projections/orders';
import { loadSheetRows } from '../../../server/sync/projections/sheets';
import type { CompanyRow, OrderRow, SheetRow } from '../../../src/contract/feedRows';
import { contractFigures } from '../../../src/documents/definitions/contract';
import { orderDocumentSpec, sheetDocumentSpec } from '../../../src/documents/definitions/index';
import { quotationFigures } from '../../../src/documents/definitions/quotation';
import type { DocumentFonts } from '../../../src/documents/fonts/fontFiles';
import { nodeFontSource } from '../../../src/documents/fonts/node/nodeFontSource';
import {
  type OrderDocumentInput,
  type SheetDocumentInput,
  sheetReportLines,
} from '../../../src/documents/input';
import { renderPdf } from '../../../src/documents/pdf/render';
import type { DocumentSpec } from '../../../src/documents/spec';
import { REPORT_TEMPLATES, templateFileName } from '../../../src/documents/templates';
import { isCnyPricedStage } from '../../../src/domain/documents/amounts';
import { firstPaymentBounds } from '../../../src/domain/documents/contractExport';
import {
  DOCUMENT_MESSAGES,
  firstPaymentRangeMessage,
} from '../../../src/domain/documents/messages';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { pdfPages } from '../../documents/poppler';
import type { TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { rows } from '../demo/seedHarness';
import { signInDemoBuyer, startSeededServer } from './documentsHarness';

const NOW = '2026-03-12T03:04:05.000Z';
const squeeze = (text: string) => text.replace(/\s+/g, '');

let fonts: DocumentFonts;
beforeAll(async () => {
  fonts = await nodeFontSource.load();
}, 120_000);

/** The amounts a spec prints in its tables (the cells that read like 1,234.56). */
function amountsOf(spec: DocumentSpec): string[] {
  return spec.blocks.flatMap((b) =>
    b.kind === 'table'
      ? [...b.rows, ...(b.totals ?? [])]
          .flat()
          .map((c) => (typeof c === 'string' ? c : c.text))
          .filter((t) => /^-?\d{1,3}([.,]\d{3})*[.,]\d{2}$/.test(t) && !/^0[.,]00$/.test(t))
      : [],
  );
}

describe.each(drivers)('template generate on %s', (driver) => {
  let server: TestServer;
  let token = '';
  let account = { name: '', mobile: null as string | null, timezone: 'Asia/Shanghai' };
  let companyId = 0;
  let otherCompanyId = 0;
  let supplierId = 0;
  let order: OrderRow;
  let otherOrderId = 0;
  let sheet: SheetRow;

  const q = (sql: string) => rows(server.db.database.db, sql);

  const generate = (
    module: string,
    id: number | string,
    templateId: number | string,
    data: unknown = { now: NOW },
    options: { company?: number; body?: unknown } = {},
  ) =>
    server.app.inject({
      method: 'POST',
      url: `/template-api/v7/${module}/${id}/${templateId}/generate`,
      query: { currentCompanyId: String(options.company ?? companyId) },
      headers: { authorization: `Bearer ${token}` },
      payload:
        options.body !== undefined
          ? (options.body as object)
          : { module, module_id: id, template_id: templateId, data },
    });

  async function companiesOf(ids: number[]) {
    return (await loadCompanyRows(server.db.database.db, ids)) as unknown as Map<
      number,
      CompanyRow
    >;
  }

  async function orderInput(row: OrderRow, now = NOW): Promise<OrderDocumentInput> {
    const companies = await companiesOf([row.company_id, row.supplier_order_node.company_id]);
    return {
      order: row,
      partyA: companies.get(row.company_id) ?? null,
      partyB: companies.get(row.supplier_order_node.company_id) ?? null,
      user: { name: account.name, mobile: account.mobile },
      timeZone: account.timezone,
      now,
    };
  }

  async function sheetInput(row: SheetRow): Promise<SheetDocumentInput> {
    const supplier = row.supplier_node.company?.id ?? -1;
    const companies = await companiesOf([row.company_id, supplier]);
    return {
      sheet: row,
      partyA: companies.get(row.company_id) ?? null,
      partyB: companies.get(supplier) ?? null,
      user: { name: account.name, mobile: account.mobile },
      timeZone: account.timezone,
      now: NOW,
    };
  }

  /** A refusal: its status, and `error` equal to `error_message`. */
  function refusal(res: Awaited<ReturnType<typeof generate>>, status: number): string {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    const body = res.json() as { error?: string; error_message?: string };
    expect(body.error_message).toBeTruthy();
    expect(body.error).toBe(body.error_message);
    return body.error_message ?? '';
  }

  beforeAll(async () => {
    server = await startSeededServer(driver);
    const buyer = await signInDemoBuyer(server);
    ({ account, token } = buyer);
    const memberOf = (
      await q(
        `select company_id from contacts where account_id = ${buyer.id} and status = 'IN_SERVICE' order by company_id`,
      )
    ).map((r) => Number(r.company_id));
    supplierId = Number((await q("select id from companies where role = 'SUPPLIER'"))[0]?.id);
    // 苏州恒远 has invoice info and a default address; 上海精工 has neither (seed/companySettings).
    const withInvoice = new Set(
      (await q('select company_id from company_invoices')).map((r) => Number(r.company_id)),
    );
    companyId = memberOf.find((id) => withInvoice.has(id)) ?? 0;
    otherCompanyId = memberOf.find((id) => !withInvoice.has(id)) ?? 0;
    const [first] = await q(`select id from orders where company_id = ${companyId} order by id`);
    order = (await loadOrderRows(server.db.database.db, [Number(first?.id)])).get(
      Number(first?.id),
    ) as unknown as OrderRow;
    const [other] = await q(`select id from orders where company_id <> ${companyId} order by id`);
    otherOrderId = Number(other?.id);
    const [s] = await q(`select id from sheets where company_id = ${companyId} order by id`);
    sheet = (await loadSheetRows(server.db.database.db, [Number(s?.id)])).get(
      Number(s?.id),
    ) as unknown as SheetRow;
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('has the seeded records the cases need', () => {
    expect(order?.company_id).toBe(companyId);
    expect(sheet?.company_id).toBe(companyId);
    expect(otherCompanyId).toBeGreaterThan(0);
    expect(otherOrderId).toBeGreaterThan(0);
  });

  it('answers each order template with the PDF the browser makes from the synced rows', async () => {
    const input = await orderInput(order);
    // The report templates; the box label (105, no amounts) has its own test (boxLabels.test.ts).
    for (const template of REPORT_TEMPLATES.filter((t) => t.module === 'ORDER' && t.listed)) {
      const res = await generate('ORDER', order.id, template.id);
      expect(res.statusCode, `${template.id}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const spec = orderDocumentSpec(template, input);
      // The invoice is named by its invoice number, the others by the order number.
      if (template.kind !== 'invoice') {
        expect(spec.fileName).toBe(templateFileName(template, order.name));
      }
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${spec.fileName.replace(/[^ -~]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(spec.fileName)}`,
      );
      const expected = await renderPdf(spec, fonts);
      const bytes = new Uint8Array(res.rawPayload);
      expect(Buffer.compare(Buffer.from(bytes), Buffer.from(expected)), template.name).toBe(0);
      const text = squeeze(pdfPages(bytes).join('\n'));
      expect(text).toContain(template.name);
      const amounts = amountsOf(spec);
      expect(amounts.length, template.name).toBeGreaterThan(0);
      expect(text).toContain(amounts[0]);
    }
  }, 120_000);

  it('answers the quotation of a sheet with the same bytes as the browser', async () => {
    const [template] = REPORT_TEMPLATES.filter((t) => t.module === 'INQUERY_QUOTATION_SHEET');
    if (!template) throw new Error('no sheet template');
    const res = await generate('INQUERY_QUOTATION_SHEET', sheet.id, template.id);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const spec = sheetDocumentSpec(template, await sheetInput(sheet));
    const expected = await renderPdf(spec, fonts);
    expect(Buffer.compare(res.rawPayload, Buffer.from(expected))).toBe(0);
    const text = squeeze(pdfPages(new Uint8Array(res.rawPayload)).join('\n'));
    expect(text).toContain('报价单');
    expect(text).toContain(sheet.name);
  }, 60_000);

  it('answers the inquiry mail (询价函) of a sheet with the same bytes as the browser', async () => {
    const template = REPORT_TEMPLATES.find((t) => t.kind === 'inquiryMail');
    if (!template) throw new Error('no inquiry mail template');
    const res = await generate('INQUERY_QUOTATION_SHEET', sheet.id, template.id);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`询价函-${sheet.name}.pdf`)}`,
    );
    const input = await sheetInput(sheet);
    const expected = await renderPdf(sheetDocumentSpec(template, input), fonts);
    expect(Buffer.compare(res.rawPayload, Buffer.from(expected))).toBe(0);
    const text = squeeze(pdfPages(new Uint8Array(res.rawPayload)).join('\n'));
    for (const expectedText of [
      '询价函',
      `询价单号：${sheet.name}`,
      squeeze(input.partyA?.name ?? 'missing party A'),
      squeeze(account.name),
      '含税单价（请填写）',
    ]) {
      expect(text).toContain(expectedText);
    }
    // Every asked line's order number is printed.
    for (const line of sheetReportLines(sheet)) {
      expect(text).toContain(squeeze(line.product_article_no ?? 'missing'));
    }
    // It asks for prices: the quotation's figures are not in it.
    expect(text).not.toContain('首付款');
  }, 60_000);

  it("applies the synced sheet's CNY VAT fee unless data.has_cny_vat_fee says otherwise", async () => {
    const template = REPORT_TEMPLATES.find((t) => t.kind === 'quotation');
    if (!template) throw new Error('no quotation template');
    const ids = (
      await q(
        `select id from sheets where company_id = ${companyId} and has_cny_vat_fee order by id`,
      )
    ).map((r) => Number(r.id));
    const loaded = (await loadSheetRows(server.db.database.db, ids)) as unknown as Map<
      number,
      SheetRow
    >;
    const priced = [...loaded.values()].find(
      (row) =>
        isCnyPricedStage(row.state) &&
        Object.values(row.supplier_node.price_map).some((p) => p.taxed_price_unit !== null),
    );
    if (!priced) throw new Error('no CNY-priced sheet with a VAT fee in the demo');
    expect(priced.has_cny_vat_fee).toBe(true);
    const input = await sheetInput(priced);
    expect(quotationFigures(input).withVat).toBe(true);

    const byRow = await generate('INQUERY_QUOTATION_SHEET', priced.id, template.id);
    expect(byRow.statusCode, byRow.body.slice(0, 300)).toBe(200);
    const withVat = await renderPdf(sheetDocumentSpec(template, input), fonts);
    expect(Buffer.compare(byRow.rawPayload, Buffer.from(withVat))).toBe(0);
    expect(squeeze(pdfPages(new Uint8Array(byRow.rawPayload)).join('\n'))).toContain(
      'CNY（含13%增值税）',
    );

    const overridden = await generate('INQUERY_QUOTATION_SHEET', priced.id, template.id, {
      now: NOW,
      has_cny_vat_fee: false,
    });
    expect(overridden.statusCode).toBe(200);
    const without = await renderPdf(
      sheetDocumentSpec(template, { ...input, hasCnyVatFee: false }),
      fonts,
    );
    expect(Buffer.compare(overridden.rawPayload, Buffer.from(without))).toBe(0);
    expect(Buffer.compare(overridden.rawPayload, byRow.rawPayload)).not.toBe(0);
  }, 60_000);

  it('answers 503 with Retry-After beyond the render limit, and renders the others', async () => {
    const limit = server.app.documentRenderer.limit;
    // Real renders take a fraction of a second: hold the one slot and all but one place in the
    // line (8) with tasks the test releases, so the line is full for as long as the test needs.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holders = Array.from({ length: 1 + 7 }, () => limit.run(() => held));
    expect([limit.running, limit.waiting]).toEqual([1, 7]);
    let settled = 0;
    const request = () =>
      generate('ORDER', order.id, 103, { now: NOW }).then((res) => {
        settled++;
        return { res, at: Date.now() };
      });
    const pending = [request(), request(), request()];
    // Two are refused while the line is full; the third took the last place and waits.
    await expect.poll(() => [settled, limit.waiting], { timeout: 30_000 }).toEqual([2, 8]);
    const releasedAt = Date.now();
    release();
    await Promise.all(holders);
    const answers = await Promise.all(pending);
    const refused = answers.filter((a) => a.res.statusCode === 503);
    const done = answers.filter((a) => a.res.statusCode === 200);
    expect([done.length, refused.length]).toEqual([1, 2]);
    for (const { res, at } of refused) {
      expect(at).toBeLessThan(releasedAt);
      expect(refusal(res, 503)).toBe('单据生成繁忙，请稍后再试');
      expect(res.headers['retry-after']).toBe('3');
    }
    expect(done[0]?.res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Once the line is empty, a burst of real exports is served, on DOCUMENT_RENDERS (1) threads.
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
    const burst = await Promise.all(
      Array.from({ length: 4 }, () => generate('ORDER', order.id, 103)),
    );
    expect(burst.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(server.app.documentRenderer.threads).toBe(1);
  }, 60_000);

  it('renders on the worker pool, and answers a cheap request while renders run', async () => {
    const renderer = server.app.documentRenderer;
    const limit = renderer.limit;
    let answered = 0;
    const exports = Array.from({ length: 3 }, () =>
      generate('ORDER', order.id, 101).then((res) => {
        answered++;
        return res;
      }),
    );
    await expect.poll(() => limit.running, { timeout: 30_000 }).toBe(1);
    const health = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(answered).toBeLessThan(3);
    expect((await Promise.all(exports)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    // The route rendered on a worker thread; how little the loop waits meanwhile is measured by
    // renderPool.test.ts and bench/documentRenders.ts, not timed here.
    expect(renderer.threads).toBe(1);
  }, 60_000);

  it('answers 400 DOCUMENT_INVALID for a spec the worker refuses, as for one refused here', async () => {
    const request = {
      companyId,
      permissions: ['REPORT_EXPORT'],
      user: account,
      module: 'ORDER',
      moduleId: String(order.id),
      templateId: '103',
      data: { now: NOW },
    };
    const renderer = server.app.documentRenderer;
    // The worker's DocumentSpecError crosses the thread boundary by name and message.
    await expect(
      generateDocument(server.db.database.db, request, {
        render: (spec) => renderer.render({ ...spec, createdAt: 'gestern' }),
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'DOCUMENT_INVALID',
      message: '单据日期无效：gestern',
    });
  });

  it('takes the typed first payment into the contract, and dates by data.now', async () => {
    const total = contractFigures(await orderInput(order)).total;
    const typed = (Math.round(total * 50) / 100).toFixed(2);
    const res = await generate('ORDER', order.id, 101, {
      now: '2026-03-12T11:04:05+08:00',
      first_payment_amount: typed,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const input = { ...(await orderInput(order)), firstPaymentAmount: Number(typed) };
    const template = REPORT_TEMPLATES.find((t) => t.id === 101);
    if (!template) throw new Error('no contract template');
    const expected = await renderPdf(orderDocumentSpec(template, input), fonts);
    expect(Buffer.compare(res.rawPayload, Buffer.from(expected))).toBe(0);
    // Another instant gives another document; no `now` at all takes the server's time.
    const later = await generate('ORDER', order.id, 101, { now: '2027-01-01T00:00:00Z' });
    expect(later.statusCode).toBe(200);
    expect(Buffer.compare(later.rawPayload, res.rawPayload)).not.toBe(0);
    expect((await generate('ORDER', order.id, 103, undefined)).statusCode).toBe(200);
    expect((await generate('ORDER', order.id, 103, {}, { body: {} })).statusCode).toBe(200);
  }, 60_000);

  it('refuses the first payment outside its range or with 3 decimals', async () => {
    const total = contractFigures(await orderInput(order)).total;
    const low = await generate('ORDER', order.id, 101, { now: NOW, first_payment_amount: '0.01' });
    expect(refusal(low, 400)).toMatch(/^请注意.*<=合同首付款金额<=.*元！$/);
    const { min, max } = firstPaymentBounds(total);
    expect(refusal(low, 400)).toBe(firstPaymentRangeMessage(min.toFixed(2), max.toFixed(2)));
    const decimals = await generate('ORDER', order.id, 101, {
      now: NOW,
      first_payment_amount: '100.123',
    });
    expect(refusal(decimals, 400)).toBe(DOCUMENT_MESSAGES.FIRST_PAYMENT_DECIMALS);
  });

  it('answers 404 for a record the company does not have and 403 for a foreign company', async () => {
    expect(refusal(await generate('ORDER', 999_999_999, 101), 404)).toBe('订单不存在');
    expect(refusal(await generate('ORDER', otherOrderId, 101), 404)).toBe('订单不存在');
    expect(refusal(await generate('INQUERY_QUOTATION_SHEET', 999_999_999, 201), 404)).toBe(
      '采购单不存在',
    );
    expect(refusal(await generate('INQUERY_QUOTATION_SHEET', 999_999_999, 202), 404)).toBe(
      '采购单不存在',
    );
    // The other company of the same buyer sees its own order, not this one.
    expect(
      refusal(
        await generate('ORDER', order.id, 101, { now: NOW }, { company: otherCompanyId }),
        404,
      ),
    ).toBe('订单不存在');
    expect(
      refusal(await generate('ORDER', order.id, 101, { now: NOW }, { company: supplierId }), 403),
    ).toBe(COMMON_MESSAGES.NO_PERMISSION);
    const anonymous = await server.app.inject({
      method: 'POST',
      url: `/template-api/v7/ORDER/${order.id}/101/generate?currentCompanyId=${companyId}`,
      payload: {},
    });
    expect(refusal(anonymous, 401)).toBe(COMMON_MESSAGES.SESSION_EXPIRED);
  });

  it('answers 400 with a Chinese message for bad input, never a 500', async () => {
    expect(refusal(await generate('ORDER', order.id, 201), 400)).toBe('模板 201 不适用于订单');
    expect(refusal(await generate('ORDER', order.id, 202), 400)).toBe('模板 202 不适用于订单');
    expect(refusal(await generate('INQUERY_QUOTATION_SHEET', sheet.id, 101), 400)).toBe(
      '模板 101 不适用于报价单',
    );
    expect(refusal(await generate('ORDER', order.id, 999), 400)).toBe('模板 999 不适用于订单');
    expect(refusal(await generate('FOO', order.id, 101), 400)).toBe('不支持的模块：FOO');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      expect(refusal(await generate('ORDER', id, 101), 400)).toBe('请求参数有误：module_id');
      expect(refusal(await generate('ORDER', order.id, id), 400)).toBe('请求参数有误：template_id');
    }
    for (const now of ['yesterday', '2026-13-45T00:00:00Z', 12, '2026-03-12', 'x'.repeat(5000)]) {
      expect(refusal(await generate('ORDER', order.id, 101, { now }), 400)).toMatch(/data\.now/);
    }
    expect(refusal(await generate('ORDER', order.id, 101, 'text'), 400)).toBe('请求参数有误：data');
    expect(refusal(await generate('ORDER', order.id, 101, [1, 2]), 400)).toBe('请求参数有误：data');
    for (const bad of [{ first_payment_amount: true }, { first_payment_amount: 'x'.repeat(100) }]) {
      expect(refusal(await generate('ORDER', order.id, 101, { now: NOW, ...bad }), 400)).toBe(
        '请求参数有误：data.first_payment_amount',
      );
    }
    expect(
      refusal(await generate('ORDER', order.id, 104, { now: NOW, invoice_id: 'one' }), 400),
    ).toBe('请求参数有误：data.invoice_id');
    expect(
      refusal(
        await generate('ORDER', order.id, 101, undefined, {
          body: { module: 'ORDER', module_id: order.id + 1, template_id: 101 },
        }),
        400,
      ),
    ).toBe('请求体的 module_id 与路径不一致');
    // Large unknown data is ignored, not a fault; past the JSON body limit (256 KB) it is 413.
    const large = await generate('ORDER', order.id, 103, { now: NOW, note: 'x'.repeat(200_000) });
    expect(large.statusCode).toBe(200);
    const huge = await generate('ORDER', order.id, 103, { now: NOW, note: 'x'.repeat(500_000) });
    expect(huge.statusCode).toBe(413);
  }, 60_000);

  it('refuses the contract of a company without invoice info and address, listing each item', async () => {
    const [row] = await q(`select id from orders where company_id = ${otherCompanyId} order by id`);
    const id = Number(row?.id);
    const res = await generate('ORDER', id, 101, { now: NOW }, { company: otherCompanyId });
    const problems = [
      DOCUMENT_MESSAGES.SHIPPING_ADDRESS_MISSING,
      DOCUMENT_MESSAGES.SHIPPING_RECEIVER_MISSING,
      DOCUMENT_MESSAGES.SHIPPING_RECEIVER_PHONE_MISSING,
      DOCUMENT_MESSAGES.INVOICE_ADDRESS_MISSING,
      DOCUMENT_MESSAGES.INVOICE_BANK_MISSING,
      DOCUMENT_MESSAGES.INVOICE_ACCOUNT_MISSING,
      DOCUMENT_MESSAGES.INVOICE_TAX_CODE_MISSING,
    ];
    expect(refusal(res, 400)).toBe(problems.join('\n'));
    expect(res.json().data).toEqual({ problems });
    // The other documents need none of it.
    const stockOut = await generate('ORDER', id, 103, { now: NOW }, { company: otherCompanyId });
    expect(stockOut.statusCode).toBe(200);
  }, 60_000);
});
