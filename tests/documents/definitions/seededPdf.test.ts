// Each finished definition rendered for seeded orders and sheets (the quotation and the inquiry
// mail) and read back with pdftotext: the Chinese labels, the amounts, and no trace of the lines
// left out of reports.
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderRow } from '../../../src/contract/feedRows';
import {
  bigOrderFigures,
  bigOrderReportSpec,
  bigOrderWarning,
} from '../../../src/documents/definitions/bigOrderReport';
import { contractFigures, contractSpec } from '../../../src/documents/definitions/contract';
import {
  inquiryMailContent,
  inquiryMailSpec,
} from '../../../src/documents/definitions/inquiryMail';
import { invoiceFigures, invoiceSpec } from '../../../src/documents/definitions/invoice';
import { quotationFigures, quotationSpec } from '../../../src/documents/definitions/quotation';
import {
  NON_EU_TAG,
  stockOutFigures,
  stockOutSpec,
} from '../../../src/documents/definitions/stockOut';
import type { DocumentFonts } from '../../../src/documents/fonts/fontFiles';
import { nodeFontSource } from '../../../src/documents/fonts/node/nodeFontSource';
import { orderReportLines, sheetReportLines } from '../../../src/documents/input';
import { renderPdf } from '../../../src/documents/pdf/render';
import { roundTo } from '../../../src/domain/documents/amounts';
import { formatEuropeanDate } from '../../../src/domain/format/date';
import { formatAmount, formatGermanAmount, formatWeight } from '../../../src/domain/format/money';
import { drivers } from '../../support/databases';
import { pdfPages, rasterPage } from '../poppler';
import { SEED_NOW, type SeededDocuments, seededDocuments } from './seeded';

const squeeze = (text: string) => text.replace(/\s+/g, '');

let fonts: DocumentFonts;
beforeAll(async () => {
  fonts = await nodeFontSource.load();
}, 120_000);

describe.each(drivers)('documents for seeded orders on %s', (driver) => {
  let seeded: SeededDocuments;
  beforeAll(async () => {
    seeded = await seededDocuments(driver);
  }, 120_000);
  afterAll(async () => {
    await seeded?.db.drop();
  });

  /** Orders with a line left out of reports whose article number no printed line shares. */
  const withExcluded = () =>
    seeded.orders.filter((o) => orderReportLines(o).length < o.order_product_list.length);

  it('renders the contract with its labels, parties and amounts, without excluded lines', async () => {
    const orders = withExcluded();
    expect(orders.length).toBeGreaterThanOrEqual(3);
    for (const order of orders.slice(0, 3)) {
      const input = seeded.orderInput(order);
      const bytes = await renderPdf(contractSpec(input), fonts);
      const text = squeeze(pdfPages(bytes).join('\n'));
      const figures = contractFigures(input);
      for (const expected of [
        '采购合同',
        `合同编号：${order.name}`,
        '甲方（买方）',
        '乙方（卖方）',
        '德采工业品（上海）有限公司',
        squeeze(input.partyA?.name ?? 'missing party A'),
        '含税单价（CNY）',
        '合计金额（大写）：',
        '签字（盖章）：',
        `合计${formatAmount(figures.total)}`,
      ]) {
        expect(text).toContain(expected);
      }
      expect(figures.total).toBe(order.supplier_node.taxed_amount);
      // An excluded line shows neither its article number (unless a printed line shares it) nor
      // its taxed amount (unless a printed figure equals it).
      const included = orderReportLines(order);
      const printedNos = new Set(included.map((l) => squeeze(l.type_article_no ?? '')));
      const printedAmounts = new Set([
        formatAmount(figures.total),
        ...included.flatMap((l) => [
          formatAmount(l.supplier_order_node_line.taxed_amount),
          formatAmount(l.supplier_order_node_line.taxed_price_unit),
        ]),
      ]);
      for (const no of printedNos) expect(text).toContain(no);
      let excludedChecked = 0;
      for (const l of order.order_product_list.filter((x) => !included.includes(x))) {
        const no = squeeze(l.type_article_no ?? '');
        const amount = formatAmount(l.supplier_order_node_line.taxed_amount);
        if (no && !printedNos.has(no)) {
          expect(text).not.toContain(no);
          excludedChecked += 1;
        }
        if (!printedAmounts.has(amount)) {
          expect(text).not.toContain(amount);
          excludedChecked += 1;
        }
      }
      expect(excludedChecked).toBeGreaterThan(0);
    }
    const first = orders[0];
    if (first) {
      const bytes = await renderPdf(contractSpec(seeded.orderInput(first)), fonts);
      mkdirSync('test-results/documents', { recursive: true });
      writeFileSync('test-results/documents/contract-seeded.png', rasterPage(bytes, 1, 80).png);
    }
  });

  it('renders the stock-out list of shipped orders with boxes, weights, codes and tracking', async () => {
    const shipped = seeded.orders.filter((o) => (o.logistics ?? []).length > 0);
    expect(shipped.length).toBeGreaterThan(0);
    const withTracking = shipped.filter((o) => o.logistics?.some((b) => b.tracking_no));
    expect(withTracking.length).toBeGreaterThan(0);
    for (const order of [...shipped.slice(0, 2), ...withTracking.slice(0, 2)]) {
      const input = seeded.orderInput(order);
      const figures = stockOutFigures(input);
      const bytes = await renderPdf(stockOutSpec(input), fonts);
      const text = squeeze(pdfPages(bytes).join('\n'));
      for (const expected of [
        '出库单',
        `订单号：${order.name}`,
        '德国海关编码',
        '中国海关编码',
        '原产国',
        NON_EU_TAG,
        `总毛重（kg）：${formatWeight(figures.grossWeight)}`,
        `出库日期：${formatEuropeanDate(SEED_NOW, 'Asia/Shanghai')}`,
      ]) {
        expect(text).toContain(expected);
      }
      expect(figures.boxes.length).toBe(order.logistics?.length);
      for (const box of figures.boxes) {
        expect(text).toContain(squeeze(box.name));
        if (box.trackingNo) expect(text).toContain(box.trackingNo);
        expect(text).toContain(
          `小计${formatGermanAmount(box.amount)}${formatWeight(box.grossWeight)}`,
        );
        for (const line of box.lines) {
          if (line.customsCodeDe) expect(text).toContain(line.customsCodeDe);
          if (line.customsCodeCn) expect(text).toContain(line.customsCodeCn);
        }
        // The box's printed gross weight is its own plus its extra weight, to the gram.
        const source = order.logistics?.find((b) => b.box_name === box.name);
        expect(box.grossWeight).toBe(
          roundTo((source?.gross_weight ?? 0) + (source?.extra_weight ?? 0), 3),
        );
      }
      if (order === withTracking[0]) {
        writeFileSync('test-results/documents/stock-out-seeded.png', rasterPage(bytes, 1, 80).png);
      }
    }
  });

  it('renders the invoice of invoiced orders with its totals, 顺丰 and the log', async () => {
    const invoiced = seeded.orders.filter((o) => (o.invoices ?? []).length > 0);
    expect(invoiced.length).toBeGreaterThan(0);
    for (const order of invoiced.slice(0, 3)) {
      const input = seeded.orderInput(order);
      const figures = invoiceFigures(input);
      if (!figures) throw new Error(`no invoice figures for ${order.name}`);
      // Seeded invoices name report lines only: the printed totals are the invoice's own.
      expect([figures.untaxedTotal, figures.taxedTotal]).toEqual([
        figures.invoice.untaxed_amount,
        figures.invoice.taxed_amount,
      ]);
      const bytes = await renderPdf(invoiceSpec(input), fonts);
      const text = squeeze(pdfPages(bytes).join('\n'));
      for (const expected of [
        '发票',
        `发票号码：${figures.invoice.number}`,
        `关联订单：${order.name}`,
        `客户公司：${squeeze(input.partyA?.name ?? 'missing')}`,
        '税率：13%',
        '快递公司：顺丰',
        `快递单号：${figures.invoice.tracking_no}`,
        `含税合计：${formatAmount(figures.taxedTotal)}CNY`,
        `不含税合计：${formatAmount(figures.untaxedTotal)}CNY`,
        '发票已开具',
      ]) {
        expect(text).toContain(expected);
      }
      if (order === invoiced[0]) {
        writeFileSync('test-results/documents/invoice-seeded.png', rasterPage(bytes, 1, 80).png);
      }
    }
  });

  it('renders the big-order report with nodes, rates, the 97% variant and state times', async () => {
    const orders = withExcluded();
    const missingNo = seeded.orders.filter((o) => !o.supplier_quotation_no);
    expect(missingNo.length).toBeGreaterThan(0);
    expect(bigOrderWarning(seeded.orderInput(missingNo[0] as OrderRow))).toBe(
      '该订单未填写供应商的报价单号。',
    );
    for (const order of orders.slice(0, 2)) {
      const input = seeded.orderInput(order);
      const figures = bigOrderFigures(input);
      const bytes = await renderPdf(bigOrderReportSpec(input), fonts);
      const text = squeeze(pdfPages(bytes).join('\n'));
      for (const expected of [
        '大额订单合同报告',
        `订单号：${order.name}`,
        '订单节点',
        '节点时间',
        '税率：13%',
        `汇率：${roundTo(order.exchange_rate ?? 0, 4)}`,
        `97%金额${formatAmount(figures.totalVariant)}`,
        `含税总金额：${formatAmount(figures.total)}CNY`,
        `不含税总金额：${formatAmount(figures.untaxedTotal)}CNY`,
        ...figures.stateTimes.map((s) => squeeze(`${s.state}${s.time}`)),
      ]) {
        expect(text).toContain(expected);
      }
      expect(figures.nodes.length).toBeGreaterThan(0);
      expect(figures.totalVariant).toBe(roundTo(figures.total * 0.97));
      const included = new Set(
        orderReportLines(order).map((l) => squeeze(l.type_article_no ?? '')),
      );
      for (const l of order.order_product_list) {
        const no = squeeze(l.type_article_no ?? '');
        if (!included.has(no)) expect(text).not.toContain(no);
      }
      if (order === orders[0]) {
        writeFileSync('test-results/documents/big-order-seeded.png', rasterPage(bytes, 1, 80).png);
      }
    }
  });

  it('renders the quotation of priced sheets with tariff, prices, totals and the split', async () => {
    const priced = seeded.sheets.filter(
      (s) => Object.keys(s.supplier_node.price_map).length > 0 && sheetReportLines(s).length > 0,
    );
    expect(priced.length).toBeGreaterThan(0);
    const withExcluded = priced.filter(
      (s) => sheetReportLines(s).length < s.inquiry_product_list.length,
    );
    let excludedChecked = 0;
    for (const sheet of [...withExcluded.slice(0, 2), ...priced.slice(0, 2)]) {
      for (const hasCnyVatFee of [false, true]) {
        const input = { ...seeded.sheetInput(sheet), hasCnyVatFee };
        const figures = quotationFigures(input);
        const bytes = await renderPdf(quotationSpec(input), fonts);
        const text = squeeze(pdfPages(bytes).join('\n'));
        for (const expected of [
          '报价单',
          `报价单号：${sheet.name}`,
          '询价方',
          '报价方',
          '关税率',
          `含关税单价（${figures.currency}）`,
          `合计${formatAmount(figures.total)}`,
          `首付款（30%）${formatAmount(figures.firstPayment)}`,
          `尾款（70%）${formatAmount(figures.balance)}`,
        ]) {
          expect(text).toContain(expected);
        }
        for (const l of figures.lines) {
          if (l.unitPriceWithTariff !== null) {
            expect(text).toContain(formatAmount(l.unitPriceWithTariff));
          }
        }
        const printed = new Set(sheetReportLines(sheet).map((l) => l.product_article_no));
        for (const l of sheet.inquiry_product_list) {
          if (printed.has(l.product_article_no) || !l.product_article_no) continue;
          expect(text).not.toContain(squeeze(l.product_article_no));
          excludedChecked += 1;
        }
        if (sheet === priced[0] && hasCnyVatFee) {
          writeFileSync(
            'test-results/documents/quotation-seeded.png',
            rasterPage(bytes, 1, 80).png,
          );
        }
      }
    }
    expect(excludedChecked).toBeGreaterThan(0);
  });

  it('renders the inquiry mail (询价函) of draft and sent sheets with every asked line', async () => {
    const asked = seeded.sheets.filter((s) => sheetReportLines(s).length > 0);
    const drafts = asked.filter((s) => s.state === 'DRAFT');
    const withExcluded = asked.filter(
      (s) => sheetReportLines(s).length < s.inquiry_product_list.length,
    );
    expect(drafts.length).toBeGreaterThan(0);
    let excludedChecked = 0;
    for (const sheet of [...drafts.slice(0, 2), ...withExcluded.slice(0, 2)]) {
      const input = seeded.sheetInput(sheet);
      const content = inquiryMailContent(input);
      const bytes = await renderPdf(inquiryMailSpec(input), fonts);
      const text = squeeze(pdfPages(bytes).join('\n'));
      for (const expected of [
        '询价函',
        `询价单号：${sheet.name}`,
        '致（供应商）',
        '询价方',
        squeeze(content.supplier),
        squeeze(content.buyer),
        '含税单价（请填写）',
        `合计数量${content.totalQuantity}`,
      ]) {
        expect(text).toContain(expected);
      }
      const printed = new Set(content.lines.map((l) => l.orderNo));
      for (const no of printed) if (no) expect(text).toContain(squeeze(no));
      for (const l of sheet.inquiry_product_list) {
        if (printed.has(l.product_article_no ?? '') || !l.product_article_no) continue;
        expect(text).not.toContain(squeeze(l.product_article_no));
        excludedChecked += 1;
      }
      if (sheet === drafts[0]) {
        writeFileSync(
          'test-results/documents/inquiry-mail-seeded.png',
          rasterPage(bytes, 1, 80).png,
        );
      }
    }
    expect(excludedChecked).toBeGreaterThan(0);
  });
});
