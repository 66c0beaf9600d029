// The order detail's logistics and invoice panels as buyer: a shipped order shows
// its boxes with their express-tracking logs (newest first) and its invoice with its progress log;
// 打印标签 makes the box labels (箱标) in the browser, previews them and 下载 saves a PDF whose text
// (pdftotext) holds the order number and the box names; 打印发票 prints that invoice. An order not
// yet boxed says 暂无物流信息 and cannot print; lines left out of documents carry their badge. At 375 px the panels fit the
// screen and the preview offers 打开 / 下载.
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import type { OrderRow } from '../src/contract/feedRows';
import { BuyerApi, type ServerList } from './fixtures/BuyerApi';
import { DocumentsPage } from './fixtures/DocumentsPage';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { pageOverflow } from './fixtures/phone';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

type Order = Pick<
  OrderRow,
  'id' | 'name' | 'state' | 'logistics' | 'invoices' | 'order_product_list'
>;

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function demoOrders(page: Page, request: Parameters<typeof BuyerApi.of>[1]) {
  const api = await BuyerApi.of(page, request);
  // The order list answers the synced rows, boxes and invoices included.
  const { items } = await api.get<ServerList<Order>>('/orders-api/v7/orders', { pageSize: '500' });
  const shipped = items.find(
    (o) =>
      o.state >= 80 &&
      (o.logistics ?? []).some((b) => b.logs.length > 1) &&
      (o.invoices ?? []).some((i) => i.logs.length > 1),
  );
  const unboxed = items.find(
    (o) => (o.logistics ?? []).length === 0 && (o.invoices ?? []).length === 0,
  );
  const excluded = items.find((o) =>
    o.order_product_list.some(
      (l) => l.deleted === true || l.quote_state === 'INVALID' || l.quote_state === 'REPLACED',
    ),
  );
  if (!shipped || !unboxed || !excluded) {
    throw new Error('the demo data has a shipped, an unboxed and an order with an excluded line');
  }
  return { shipped, unboxed, excluded };
}

async function openOrder(page: Page, order: Pick<Order, 'id' | 'name'>) {
  await page.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`);
  await expect(new OrderDetailPage(page).number).toContainText(order.name, { timeout: 20_000 });
}

/** Every box with its name, its newest log entry first, and the invoices with their logs. */
async function expectPanels(page: Page, order: Order) {
  const boxes = order.logistics ?? [];
  const panel = page.getByTestId('order-logistics');
  await expect(panel.getByTestId('logistics-box')).toHaveCount(boxes.length);
  for (const [i, box] of boxes.entries()) {
    const section = panel.getByTestId('logistics-box').nth(i);
    await expect(section.getByTestId('logistics-box-name')).toHaveText(box.box_name);
    await expect(section).toContainText(box.tracking_no ?? '—');
    const rows = section.getByTestId('logistics-box-log').locator('tbody tr');
    await expect(rows).toHaveCount(box.logs.length);
    const newest = [...box.logs].sort((a, b) => Date.parse(b.time) - Date.parse(a.time))[0];
    await expect(rows.first()).toContainText(newest?.info ?? '');
    await expect(rows.first().locator('td').first()).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  }
  const invoices = order.invoices ?? [];
  const invoicePanel = page.getByTestId('order-invoices');
  await expect(invoicePanel.getByTestId('order-invoice')).toHaveCount(invoices.length);
  const [invoice] = invoices;
  const section = invoicePanel.getByTestId('order-invoice').first();
  await expect(section.getByTestId('order-invoice-number')).toHaveText(invoice?.number ?? '');
  await expect(section).toContainText('顺丰');
  const rows = section.getByTestId('order-invoice-log').locator('tbody tr');
  await expect(rows).toHaveCount(invoice?.logs.length ?? 0);
  const newest = [...(invoice?.logs ?? [])].sort(
    (a, b) => Date.parse(b.create_time) - Date.parse(a.create_time),
  )[0];
  await expect(rows.first()).toContainText(newest?.remark ?? '');
}

/** 打印标签 → the preview; 下载 → the PDF carries the order number and every box name. */
async function printLabels(page: Page, order: Order) {
  const documents = new DocumentsPage(page);
  await page.getByTestId('print-labels').click();
  await expect(documents.dialog).toBeVisible();
  await expect(documents.dialog).toContainText('箱标');
  await expect(documents.preview).toBeVisible({ timeout: 30_000 });
  await expect(documents.error).toHaveCount(0);
  const download = await documents.download();
  expect(download.suggestedFilename()).toBe(`箱标-${order.name}.pdf`);
  const text = pdfText(await download.path());
  expect(text).toContain(order.name);
  for (const box of order.logistics ?? []) expect(text).toContain(box.box_name);
  return documents;
}

test('a shipped order shows its boxes, tracking logs and invoice, and prints its box labels', async ({
  shell,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await shell.openSignedIn('/home');
  const { shipped, unboxed, excluded } = await demoOrders(page, request);

  await openOrder(page, shipped);
  await expectPanels(page, shipped);
  const documents = await printLabels(page, shipped);
  await expect(documents.preview).toHaveJSProperty('tagName', 'IFRAME');
  await documents.close();
  await expect(documents.dialog).toHaveCount(0);

  // Each invoice prints on its own (an order billed in parts has several): its number names
  // the file and is on the page.
  const invoice = (shipped.invoices ?? []).at(-1);
  if (!invoice) throw new Error('the shipped order has an invoice');
  await page.getByTestId('order-invoice').last().getByTestId('print-invoice').click();
  await expect(documents.preview).toBeVisible({ timeout: 30_000 });
  const invoicePdf = await documents.download();
  expect(invoicePdf.suggestedFilename()).toBe(`发票-${invoice.number}.pdf`);
  expect(pdfText(await invoicePdf.path())).toContain(invoice.number);
  await documents.close();

  await openOrder(page, unboxed);
  await expect(page.getByTestId('order-logistics')).toContainText('暂无物流信息');
  await expect(page.getByTestId('order-invoices')).toContainText('暂无发票');
  await expect(page.getByTestId('print-labels')).toBeDisabled();

  await openOrder(page, excluded);
  const marked = page.getByTestId('order-products').locator('tr[data-excluded]');
  await expect(marked.first()).toBeVisible();
  await expect(marked.first().getByTestId('excluded-line')).toHaveText(
    /(已删除|无效|已替换)不计入单据/,
  );
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the panels fit the screen and the labels open or download', async ({
    shell,
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await shell.openSignedIn('/home');
    const { shipped } = await demoOrders(page, request);
    await openOrder(page, shipped);
    await expectPanels(page, shipped);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

    const documents = await printLabels(page, shipped);
    // A phone shows no PDF inside the page: the hint, 打开 (a blob URL in a new tab) and 下载.
    await expect(documents.preview).toHaveJSProperty('tagName', 'P');
    await expect(documents.openButton).toHaveAttribute('href', /^blob:/);
  });
});
