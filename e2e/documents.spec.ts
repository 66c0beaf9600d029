// Report export on the order detail (issue 9 item 2, settings-messaging-shared §2 "Printable
// documents and report export") as buyer: 报表导出 lists the order templates with their file
// names; 采购合同 is made in the browser from the synced rows, shown in the preview, and 下载
// saves a PDF whose text (pdftotext) holds the title and the order number. Then, with the network
// off and the page reloaded from the service worker, the same works from the caches.
import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { RUNTIME_CACHES } from '../sw/caches';
import { BuyerApi } from './fixtures/BuyerApi';
import { DocumentsPage } from './fixtures/DocumentsPage';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

/** The text poppler reads from a PDF file. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** How many PDF fonts the service worker holds in its font cache. */
function cachedFonts(page: Page): Promise<number> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return 0;
    return (await (await caches.open(name)).keys()).length;
  }, RUNTIME_CACHES.documentFonts);
}

async function exportContract(documents: DocumentsPage, orderName: string): Promise<string> {
  await documents.choose('采购合同');
  await expect(documents.dialog).toBeVisible();
  await expect(documents.preview).toBeVisible({ timeout: 30_000 });
  await expect(documents.error).toHaveCount(0);
  const download = await documents.download();
  expect(download.suggestedFilename()).toBe(`采购合同-${orderName}.pdf`);
  const file = await download.path();
  const text = pdfText(file);
  expect(text).toContain('采购合同');
  expect(text).toContain(orderName);
  return text;
}

test('报表导出 → 采购合同 previews and downloads the contract, online and offline', async ({
  shell,
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await shell.openSignedIn('/home');
  await shell.installed();
  const api = await BuyerApi.of(page, request);
  const order = (await api.orders()).items[0];
  if (!order) throw new Error('the demo data has an order');

  const detail = new OrderDetailPage(page);
  const documents = new DocumentsPage(page);
  const address = `/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`;
  await page.goto(address);
  await expect(detail.number).toContainText(order.name, { timeout: 20_000 });

  // The dropdown lists the order module's templates, each with its file name.
  expect(await documents.entries()).toEqual([
    `采购合同 采购合同-${order.name}.pdf`,
    `大额订单合同报告 大额订单合同报告-${order.name}.pdf`,
    `出库单 出库单-${order.name}.pdf`,
    `发票 发票-${order.name}.pdf`,
  ]);

  // Desktop: the PDF shows inside the dialog.
  await exportContract(documents, order.name);
  await expect(documents.preview).toHaveJSProperty('tagName', 'IFRAME');
  await expect(documents.preview).toHaveAttribute('src', /^blob:/);
  await documents.close();
  await expect(documents.dialog).toHaveCount(0);

  // The fonts are in the service worker's cache: the page can go offline.
  await expect.poll(() => cachedFonts(page), { timeout: 30_000 }).toBe(2);
  await shell.synced();
  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(detail.number).toContainText(order.name, { timeout: 20_000 });
  await exportContract(documents, order.name);
  await context.setOffline(false);
});
