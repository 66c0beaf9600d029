// The data the printable documents read, end to end: the demo seeds order document
// fields, logistics boxes with lines and logs, invoices with lines and logs, and the supplier's
// party-B company row; a buyer pulling its feed gets all of it in the synced rows.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/demo/seed/demo';
import { updateCompany } from '../../../server/partners/companyService';
import { shareCompanyWith } from '../../../server/sync/projections/companies';
import { write } from '../../../server/sync/write';
import type { CompanyRow, FeedChange, OrderRow, SheetRow } from '../../../src/contract/feedRows';
import { multiplyRound, roundTo } from '../../../src/domain/documents/amounts';
import { validateFirstPayment } from '../../../src/domain/documents/contractExport';
import { INVOICE_DELIVERY_COMPANY, reportLines } from '../../../src/domain/documents/reportContent';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { accessTokenFor } from '../../support/tokens';
import { plain, rows } from '../demo/seedHarness';

const SEED_NOW = new Date('2026-03-10T12:00:00+08:00');
const THREE_DECIMALS = (n: number | null) => n !== null && Math.round(n * 1000) === n * 1000;

describe.each(drivers)('document data in the feed on %s', (driver) => {
  let server: TestServer;
  let buyerAccount = 0;
  let supplierId = 0;
  let buyerCompanies: number[] = [];
  const feeds = new Map<number, FeedChange[]>();

  const q = (sql: string) => rows(server.db.database.db, sql);

  async function pull(companyId: number, cursor = '0'): Promise<FeedChange[]> {
    const token = await accessTokenFor(server.db.database, server.issuer, buyerAccount);
    const changes: FeedChange[] = [];
    for (;;) {
      const res = await server.app.inject({
        method: 'GET',
        url: '/sync-api/v1/changes',
        query: { currentCompanyId: String(companyId), cursor, limit: '500' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      const page = res.json().data;
      changes.push(...page.changes);
      cursor = page.cursor;
      if (!page.has_more) return changes;
    }
  }

  const ordersOf = (companyId: number): OrderRow[] =>
    (feeds.get(companyId) ?? []).flatMap((c) =>
      c.table === 'orders' && c.op === 'upsert' ? [c.row] : [],
    );
  const allOrders = () => buyerCompanies.flatMap(ordersOf);

  beforeAll(async () => {
    server = await startTestServer(driver);
    await seedDemoData(server.db.database, { seed: 2026, now: SEED_NOW });
    buyerAccount = Number((await q("select id from accounts where username = 'buyer'"))[0]?.id);
    supplierId = Number((await q("select id from companies where role = 'SUPPLIER'"))[0]?.id);
    const token = await accessTokenFor(server.db.database, server.issuer, buyerAccount);
    const user = await server.app.inject({
      method: 'GET',
      url: '/api/v7/user',
      headers: { authorization: `Bearer ${token}` },
    });
    buyerCompanies = user.json().data.companies.map((c: { id: number }) => c.id);
    for (const id of buyerCompanies) feeds.set(id, await pull(id));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives the buyer its own company row and the supplier as party B, with invoice info and address', () => {
    for (const companyId of buyerCompanies) {
      const companies = (feeds.get(companyId) ?? []).flatMap((c) =>
        c.table === 'companies' && c.op === 'upsert' ? [c.row as CompanyRow] : [],
      );
      expect(companies.map((c) => c.id).sort()).toEqual([companyId, supplierId].sort());
      const supplier = companies.find((c) => c.id === supplierId);
      expect(supplier).toMatchObject({
        name: '德采工业品（上海）有限公司',
        tax_code: expect.stringMatching(/^\w{18}$/),
        website: expect.any(String),
        email: expect.stringContaining('@'),
        invoice: {
          partner_tax: {
            invoice_bank_name: expect.any(String),
            invoice_bank_account: expect.any(String),
            invoice_address: expect.stringContaining('上海'),
            invoice_phone: expect.any(String),
          },
        },
        default_address: { street: expect.any(String), contacts_name: expect.any(String) },
      });
      // The supplier's own business stays with it: no VIP terms, rebates or follower.
      expect(supplier).toMatchObject({
        vip: null,
        start_date: null,
        end_date: null,
        rebates: null,
        follower: null,
      });
      // Party A: the buyer's own row; the follower (supplier's sales manager) comes with it.
      const own = companies.find((c) => c.id === companyId);
      expect(own?.follower).toMatchObject({ alias: expect.any(String) });
    }
  });

  it('carries the order lines document fields, with untaxed prices that add up', () => {
    const orders = allOrders();
    expect(orders.length).toBeGreaterThan(5);
    for (const order of orders) {
      expect(order.tax_rate).toBe(0.13);
      expect(order.exchange_rate).toBeGreaterThan(7);
      expect(typeof order.has_cny_vat_fee).toBe('boolean');
      expect(order.currency).toBe('CNY');
      const included = reportLines(order.order_product_list);
      const taxedSum = roundTo(
        included.reduce((s, l) => s + (l.supplier_order_node_line.taxed_amount ?? 0), 0),
      );
      // Lines left out of documents are not part of the order's total.
      expect(taxedSum).toBe(order.supplier_node.taxed_amount);
      const total = order.supplier_node.taxed_amount ?? 0;
      expect(validateFirstPayment(String(order.first_payment_amount), total)).toBeNull();
      for (const line of order.order_product_list) {
        expect(line.brand_name).toBe(order.brand_name);
        expect(line.product_order_no).toBe(line.product.product_article_no);
        expect(line.shipment_period).toBeGreaterThan(0);
        const node = line.supplier_order_node_line;
        expect(node.price_unit).toBe(roundTo((node.taxed_price_unit ?? 0) / 1.13));
        expect(node.amount).toBe(multiplyRound(node.price_unit ?? 0, line.qty));
      }
    }
    const lines = orders.flatMap((o) => o.order_product_list);
    const catalogued = lines.filter((l) => l.product.id !== null);
    expect(catalogued.every((l) => l.chinese_name && /^\d{10}$/.test(l.hs_code ?? ''))).toBe(true);
    expect(lines.some((l) => l.quote_state === 'REPLACED')).toBe(true);
    expect(lines.some((l) => l.quote_state === 'INVALID')).toBe(true);
    expect(lines.some((l) => l.deleted === true)).toBe(true);
    expect(orders.some((o) => o.supplier_quotation_no === null)).toBe(true);
    expect(orders.some((o) => /^BJ\d{12}$/.test(o.supplier_quotation_no ?? ''))).toBe(true);
  });

  it("carries each sheet's CNY VAT fee flag: an ordered sheet's is its order's", () => {
    const sheetRows = buyerCompanies.flatMap((id) =>
      (feeds.get(id) ?? []).flatMap((c) =>
        c.table === 'sheets' && c.op === 'upsert' ? [c.row as SheetRow] : [],
      ),
    );
    expect(sheetRows.length).toBeGreaterThan(5);
    expect(sheetRows.every((s) => typeof s.has_cny_vat_fee === 'boolean')).toBe(true);
    const orderFee = new Map(allOrders().map((o) => [o.id, o.has_cny_vat_fee]));
    const ordered = sheetRows.filter((s) => s.order !== null);
    expect(ordered.length).toBeGreaterThan(0);
    for (const sheet of ordered) {
      expect(sheet.has_cny_vat_fee, sheet.name).toBe(orderFee.get(sheet.order?.id ?? -1));
    }
    const fees = sheetRows.filter((s) => s.order === null).map((s) => s.has_cny_vat_fee);
    expect(fees).toContain(true);
    expect(fees).toContain(false);
  });

  it('gives the sheet rows stored before migration 0004 the backfilled flag, keeping their version', async () => {
    const [entry] = await q(
      "select company_id, row_id, version from sync_changes where table_name = 'sheets' order by version limit 1",
    );
    const where = `company_id = ${Number(entry?.company_id)} and table_name = 'sheets' and row_id = '${String(entry?.row_id)}'`;
    await q(`update sync_changes set row = row - 'has_cny_vat_fee' where ${where}`);
    const migration = readFileSync(
      new URL('../../../server/db/migrations/0004_sheet_vat_fee.sql', import.meta.url),
      'utf8',
    );
    // The statement after the column's ALTER (which has run already).
    const patch = migration.split('--> statement-breakpoint')[1] ?? '';
    expect(patch).toMatch(/update "sync_changes"/i);
    await q(patch);
    const [after] = await q(`select version, row from sync_changes where ${where}`);
    expect(after?.row).toMatchObject({ has_cny_vat_fee: false });
    expect(Number(after?.version)).toBe(Number(entry?.version));
  });

  it('has boxes with weights, customs codes, origins, tracking numbers and logs for shipped orders', () => {
    const orders = allOrders();
    for (const order of orders) {
      if (order.state < 50) expect(order.logistics).toEqual([]);
    }
    const shipped = orders.filter((o) => o.state >= 50);
    expect(shipped.length).toBeGreaterThan(0);
    for (const order of shipped) {
      const boxes = order.logistics ?? [];
      expect(boxes.length).toBeGreaterThan(0);
      const lineIds = new Set(reportLines(order.order_product_list).map((l) => l.id));
      for (const box of boxes) {
        expect(box.box_name.startsWith(order.name)).toBe(true);
        expect(['CARTON', 'PALLET']).toContain(box.box_type);
        expect(box.currency).toBe('EUR');
        expect(THREE_DECIMALS(box.gross_weight)).toBe(true);
        expect(box.box_lines.length).toBeGreaterThan(0);
        const gross = roundTo(
          box.box_lines.reduce((s, l) => s + (l.gross_weight ?? 0), 0),
          3,
        );
        expect(box.gross_weight).toBe(gross);
        for (const line of box.box_lines) {
          expect(lineIds.has(line.order_product_id ?? -1)).toBe(true);
          expect((line.net_weight ?? 0) <= (line.gross_weight ?? 0)).toBe(true);
        }
        expect(box.logs.length).toBeGreaterThan(0);
        expect(box.logs.every((l) => l.time && l.info)).toBe(true);
        if (order.state >= 80) {
          expect(box.delivery_company).toBe('顺丰速运');
          expect(box.tracking_no).toMatch(/^SF\d{13}$/);
        }
        if (order.state >= 60) expect(THREE_DECIMALS(box.extra_weight)).toBe(true);
      }
    }
    const boxLines = shipped.flatMap((o) => (o.logistics ?? []).flatMap((b) => b.box_lines));
    expect(boxLines.some((l) => /^\d{11}$/.test(l.customs_code_de ?? ''))).toBe(true);
    expect(boxLines.some((l) => /^\d{10}$/.test(l.customs_code_cn ?? ''))).toBe(true);
    expect(boxLines.some((l) => /^[A-Z]{2}$/.test(l.origin_country ?? ''))).toBe(true);
    expect(shipped.some((o) => o.logistics?.some((b) => b.state === 'SIGNED'))).toBe(true);
  });

  it('has invoices with lines, 顺丰 express info and a progress log for invoiced orders', () => {
    const orders = allOrders();
    const invoiced = orders.filter((o) =>
      ['INVOICE', 'PARTIAL'].includes(o.supplier_node.invoice_state ?? ''),
    );
    expect(invoiced.length).toBeGreaterThan(0);
    for (const order of orders) {
      if (!invoiced.includes(order)) expect(order.invoices).toEqual([]);
    }
    for (const order of invoiced) {
      expect(order.invoices?.length).toBe(1);
      const invoice = order.invoices?.[0];
      if (!invoice) continue;
      expect(invoice.number).toMatch(/^\d{8}$/);
      expect(invoice.delivery_company).toBe(INVOICE_DELIVERY_COMPANY);
      expect(invoice.tracking_no).toMatch(/^SF\d{13}$/);
      expect(invoice.tax_rate).toBe(0.13);
      expect(invoice.customer_company?.id).toBe(order.company_id);
      expect(invoice.reference_orders).toEqual([{ id: order.id, name: order.name }]);
      expect(invoice.invoice_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const sum = (key: 'amount' | 'taxed_amount') =>
        roundTo(invoice.lines.reduce((s, l) => s + l[key], 0));
      expect([invoice.untaxed_amount, invoice.taxed_amount]).toEqual([
        sum('amount'),
        sum('taxed_amount'),
      ]);
      if (order.supplier_node.invoice_state === 'INVOICE') {
        expect(invoice.taxed_amount).toBe(order.supplier_node.taxed_amount);
      } else {
        // A one-piece order invoiced in part still has its single line on the invoice.
        expect(invoice.taxed_amount).toBeLessThanOrEqual(order.supplier_node.taxed_amount ?? 0);
      }
      expect(invoice.logs[0]).toMatchObject({ location: '上海', remark: '发票已开具' });
      expect(invoice.logs.every((l) => Date.parse(l.create_time) < SEED_NOW.getTime())).toBe(true);
    }
    const partial = invoiced.filter((o) => o.supplier_node.invoice_state === 'PARTIAL');
    expect(
      partial.some(
        (o) => (o.invoices?.[0]?.taxed_amount ?? 0) < (o.supplier_node.taxed_amount ?? 0),
      ),
    ).toBe(true);
  });

  it('seeds the same boxes and invoices for the same seed and day', async () => {
    const dump = async () =>
      plain({
        boxes: await q('select * from logistics_boxes order by id'),
        boxLines: await q('select * from logistics_box_lines order by id'),
        logs: await q('select * from logistics_logs order by id'),
        invoices: await q('select * from invoices order by id'),
        invoiceLines: await q('select * from invoice_lines order by id'),
        invoiceLogs: await q('select * from invoice_logs order by id'),
      });
    const first = await dump();
    const other = await startTestServer(driver);
    try {
      await seedDemoData(other.db.database, { seed: 2026, now: SEED_NOW });
      const again = plain({
        boxes: await rows(other.db.database.db, 'select * from logistics_boxes order by id'),
        boxLines: await rows(other.db.database.db, 'select * from logistics_box_lines order by id'),
        logs: await rows(other.db.database.db, 'select * from logistics_logs order by id'),
        invoices: await rows(other.db.database.db, 'select * from invoices order by id'),
        invoiceLines: await rows(other.db.database.db, 'select * from invoice_lines order by id'),
        invoiceLogs: await rows(other.db.database.db, 'select * from invoice_logs order by id'),
      });
      expect(again).toEqual(first);
    } finally {
      await other.close();
    }
  });

  it("sends the supplier's changed row to every buyer with an order from it", async () => {
    const buyer = buyerCompanies[0] ?? 0;
    const cursor = String(
      (await q(`select max(version) as v from sync_changes where company_id = ${buyer}`))[0]?.v,
    );
    await write(server.db.database.db, (tx, changes) =>
      updateCompany(tx, changes, supplierId, { website: 'www.decai-new.example' }),
    );
    const changes = await pull(buyer, cursor);
    const row = changes.find((c) => c.table === 'companies' && c.id === String(supplierId));
    expect(row?.row).toMatchObject({ website: 'www.decai-new.example' });
  });

  it('shares the supplier row with a buyer at its first order, after every cursor it holds', async () => {
    // Every demo buyer has orders from the supplier: a new buyer gets its first one now.
    const [fresh] = await q(
      "insert into companies (name, role) values ('测试新买方有限公司', 'BUYER') returning id",
    );
    const buyer = Number(fresh?.id);
    expect(buyer).toBeGreaterThan(0);
    const before = Number((await q('select max(version) as v from sync_changes'))[0]?.v);
    await write(server.db.database.db, (tx, changes) =>
      shareCompanyWith(tx, changes, buyer, supplierId),
    );
    const entry = await q(
      `select version from sync_changes where company_id = ${buyer}
       and table_name = 'companies' and row_id = '${supplierId}'`,
    );
    expect(Number(entry[0]?.version)).toBeGreaterThan(before);
    // Once shared, a second call leaves the version alone.
    await write(server.db.database.db, (tx, changes) =>
      shareCompanyWith(tx, changes, buyer, supplierId),
    );
    const again = await q(
      `select version from sync_changes where company_id = ${buyer}
       and table_name = 'companies' and row_id = '${supplierId}'`,
    );
    expect(again[0]?.version).toEqual(entry[0]?.version);
  });
});
