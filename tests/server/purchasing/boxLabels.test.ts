// The box label (template 105, 箱标) through the generate route on the demo data: for a shipped
// order (boxes with 顺丰 tracking) the PDF equals, byte for byte, what the app makes from the synced
// rows, one 100 × 150 mm page per box carrying the order number, box name and tracking number.
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCompanyRows } from '../../../server/sync/projections/companies';
import { loadOrderRows } from '../../../server/sync/projections/orders';
import type { CompanyRow, OrderRow } from '../../../src/contract/feedRows';
import { orderDocumentSpec } from '../../../src/documents/definitions/index';
import type { DocumentFonts } from '../../../src/documents/fonts/fontFiles';
import { nodeFontSource } from '../../../src/documents/fonts/node/nodeFontSource';
import { renderPdf } from '../../../src/documents/pdf/render';
import { findTemplate, templatesFor } from '../../../src/documents/templates';
import { pdfPages } from '../../documents/poppler';
import type { TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { rows } from '../demo/seedHarness';
import { signInDemoBuyer, startSeededServer } from '../documents/documentsHarness';

const NOW = '2026-03-12T03:04:05.000Z';
const squeeze = (text: string) => text.replace(/\s+/g, '');

let fonts: DocumentFonts;
beforeAll(async () => {
  fonts = await nodeFontSource.load();
}, 120_000);

describe.each(drivers)('box labels (template 105) on %s', (driver) => {
  let server: TestServer;
  let token = '';
  let account = { name: '', mobile: null as string | null, timezone: 'Asia/Shanghai' };
  let companyId = 0;
  let shipped: OrderRow;
  let unboxed: OrderRow;

  const q = (sql: string) => rows(server.db.database.db, sql);
  const generate = (id: number) =>
    server.app.inject({
      method: 'POST',
      url: `/template-api/v7/ORDER/${id}/105/generate`,
      query: { currentCompanyId: String(companyId) },
      headers: { authorization: `Bearer ${token}` },
      payload: { data: { now: NOW } },
    });

  async function orderRow(sql: string): Promise<OrderRow> {
    const [row] = await q(sql);
    const id = Number(row?.id);
    const found = (await loadOrderRows(server.db.database.db, [id])).get(id);
    if (!found) throw new Error(`no order for ${sql}`);
    return found as unknown as OrderRow;
  }

  beforeAll(async () => {
    server = await startSeededServer(driver);
    const buyer = await signInDemoBuyer(server);
    ({ account, token } = buyer);
    const [member] = await q(
      `select c.company_id from contacts c join company_invoices i on i.company_id = c.company_id
       where c.account_id = ${buyer.id} and c.status = 'IN_SERVICE' order by c.company_id`,
    );
    companyId = Number(member?.company_id);
    // Shipped (state 80 and on): boxes with 顺丰 tracking; the most boxes, to label several.
    shipped = await orderRow(
      `select o.id from orders o join logistics_boxes b on b.order_id = o.id
       where o.company_id = ${companyId} and o.state >= 80
       group by o.id order by count(*) desc, o.id limit 1`,
    );
    unboxed = await orderRow(
      `select o.id from orders o where o.company_id = ${companyId} and o.state between 10 and 40
       order by o.id limit 1`,
    );
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers the labels of a shipped order with the bytes the app makes, a page per box', async () => {
    const boxes = shipped.logistics ?? [];
    expect(boxes.length).toBeGreaterThan(0);
    const res = await generate(shipped.id);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      encodeURIComponent(`箱标-${shipped.name}.pdf`),
    );

    const template = findTemplate('ORDER', 105);
    if (!template) throw new Error('no box-label template');
    const companies = (await loadCompanyRows(server.db.database.db, [
      companyId,
      shipped.supplier_order_node.company_id,
    ])) as unknown as Map<number, CompanyRow>;
    const expected = await renderPdf(
      orderDocumentSpec(template, {
        order: shipped,
        partyA: companies.get(companyId) ?? null,
        partyB: companies.get(shipped.supplier_order_node.company_id) ?? null,
        user: { name: account.name, mobile: account.mobile },
        timeZone: account.timezone,
        now: NOW,
      }),
      fonts,
    );
    const bytes = new Uint8Array(res.rawPayload);
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(expected))).toBe(0);

    const pages = pdfPages(bytes).map(squeeze);
    expect(pages).toHaveLength(boxes.length);
    boxes.forEach((box, i) => {
      expect(pages[i]).toContain(shipped.name);
      expect(pages[i]).toContain(`${box.box_name}第${i + 1}/${boxes.length}箱`);
      expect(pages[i]).toContain(box.tracking_no ?? 'no tracking number');
      expect(pages[i]).toContain('顺丰速运');
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPage(0).getWidth()).toBeCloseTo((100 * 72) / 25.4, 1);
    expect(doc.getPage(0).getHeight()).toBeCloseTo((150 * 72) / 25.4, 1);
  }, 60_000);

  it('answers a one-page notice for an order not yet boxed, and keeps 105 out of the dropdown', async () => {
    expect(unboxed.logistics ?? []).toEqual([]);
    const res = await generate(unboxed.id);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const pages = pdfPages(new Uint8Array(res.rawPayload)).map(squeeze);
    expect(pages).toEqual([expect.stringContaining(`订单${unboxed.name}暂无装箱`)]);
    expect(templatesFor('ORDER').map((t) => t.id)).toEqual([101, 102, 103, 104]);
  }, 60_000);
});
