// Report export on the order and sheet detail (settings-messaging-shared §2 "Printable
// documents and report export", §5 "Contract export") as buyer:
// - 报表导出 lists the module's templates with their file names;
// - 采购合同 goes through the contract-export dialog: in 上海精工 (no default shipping address, no
//   invoice info) it lists every missing item, as the server's generate route does; in 苏州恒远
//   it takes a first payment (at most 2 decimals, between 30% and the total, the server's own
//   range message), previews and downloads the contract, whose first page is rendered to PNG and
//   attached to the report; then, offline after a reload from the service worker, the dialog
//   downloads it again from the caches;
// - 大额订单合同报告 of an order without the supplier's quotation number warns above the preview;
// - 报价单 of a quoted sheet previews and downloads, online and then offline;
// - 询价函 (the supplier inquiry mail) of a draft sheet previews (axe on the dialog) and downloads
//   with its lines and no prices, online and then offline, the same bytes the server makes;
// - offline, every other report of the order is made from the caches too.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { RUNTIME_CACHES } from '../src/contract/serviceWorkerCaches';
import { DOCUMENT_MESSAGES } from '../src/domain/documents/messages';
import { formatAmount } from '../src/domain/format/money';
import { inkShare, rasterPage } from '../tests/documents/poppler';
import { appSession, bearer } from './fixtures/appSession';
import { expectAccessible } from './fixtures/axe';
import { BuyerApi } from './fixtures/BuyerApi';
import { DocumentsPage } from './fixtures/DocumentsPage';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { SheetPage } from './fixtures/SheetPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

const HENGYUAN = '苏州恒远自动化设备有限公司';
const CONTRACT_TEMPLATE = 101;

/** The text poppler reads from a downloaded PDF, without its layout's spaces and breaks. */
async function pdfText(download: Download): Promise<string> {
  const file = await download.path();
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, '');
}

/** How many PDF fonts the service worker holds in its font cache. */
function cachedFonts(page: Page): Promise<number> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return 0;
    return (await (await caches.open(name)).keys()).length;
  }, RUNTIME_CACHES.documentFonts);
}

function orderAddress(id: number): string {
  return `/order/order/detail?orderType=ALL&id=${id}&module=ORDER`;
}

test('采购合同 in a company without shipping address and invoice info: each missing item is listed', async ({
  shell,
  page,
  request,
}) => {
  await shell.openSignedIn('/home');
  const api = await BuyerApi.of(page, request);
  const order = (await api.orders()).items[0];
  if (!order) throw new Error('the demo data has an order');
  const documents = new DocumentsPage(page);
  await page.goto(orderAddress(order.id));
  await expect(new OrderDetailPage(page).number).toContainText(order.name, { timeout: 20_000 });

  await documents.choose('采购合同');
  await expect(documents.contract).toBeVisible();
  const missing = [
    DOCUMENT_MESSAGES.SHIPPING_ADDRESS_MISSING,
    DOCUMENT_MESSAGES.SHIPPING_RECEIVER_MISSING,
    DOCUMENT_MESSAGES.SHIPPING_RECEIVER_PHONE_MISSING,
    DOCUMENT_MESSAGES.INVOICE_ADDRESS_MISSING,
    DOCUMENT_MESSAGES.INVOICE_BANK_MISSING,
    DOCUMENT_MESSAGES.INVOICE_ACCOUNT_MISSING,
    DOCUMENT_MESSAGES.INVOICE_TAX_CODE_MISSING,
  ];
  await expect(documents.contractProblems.getByRole('listitem')).toHaveText(missing);
  // A buyer is not an administrator: told whom to ask, not sent to the settings.
  await expect(documents.contractProblems).toContainText('请联系公司管理员');
  await expect(documents.contractPreview).toBeDisabled();
  await expect(documents.contractDownload).toBeDisabled();

  // The server refuses the same contract with the same items.
  const refused = await api.generate('ORDER', order.id, CONTRACT_TEMPLATE);
  expect(refused.status).toBe(400);
  expect(refused.message?.split('\n')).toEqual(missing);
});

test('大额订单合同报告 without the supplier quotation number warns above the report', async ({
  shell,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await shell.openSignedIn('/home');
  const api = await BuyerApi.of(page, request);
  const rows = await Promise.all(
    (await api.orders()).items
      .slice(0, 12)
      .map((o) =>
        api.get<{ id: number; name: string; supplier_quotation_no?: string | null }>(
          `/orders-api/v7/orders/${o.id}`,
        ),
      ),
  );
  const without = rows.find((o) => !o.supplier_quotation_no);
  const withNo = rows.find((o) => o.supplier_quotation_no);
  if (!without || !withNo) throw new Error('the demo data has orders with and without the number');
  const documents = new DocumentsPage(page);
  const detail = new OrderDetailPage(page);

  await page.goto(orderAddress(without.id));
  await expect(detail.number).toContainText(without.name, { timeout: 20_000 });
  await documents.choose('大额订单合同报告');
  await expect(documents.warning).toHaveText(DOCUMENT_MESSAGES.SUPPLIER_QUOTATION_NO_MISSING);
  await expect(documents.preview).toBeVisible({ timeout: 30_000 });
  await documents.close();

  await page.goto(orderAddress(withNo.id));
  await expect(detail.number).toContainText(withNo.name, { timeout: 20_000 });
  await documents.choose('大额订单合同报告');
  await expect(documents.preview).toBeVisible({ timeout: 30_000 });
  await expect(documents.warning).toHaveCount(0);
});

test('采购合同: the first payment is checked, the contract previewed, downloaded, rendered and made offline', async ({
  shell,
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  await shell.openSignedIn('/home');
  await shell.installed();
  await shell.switchCompany(HENGYUAN);
  await shell.synced();
  const api = await BuyerApi.of(page, request, HENGYUAN);
  const order = (await api.orders()).items[0];
  if (!order) throw new Error('苏州恒远 has an order in the demo data');

  const detail = new OrderDetailPage(page);
  const documents = new DocumentsPage(page);
  await page.goto(orderAddress(order.id));
  await expect(detail.number).toContainText(order.name, { timeout: 20_000 });

  // The dropdown lists the order module's report templates, each with its file name.
  expect(await documents.entries()).toEqual([
    `采购合同 采购合同-${order.name}.pdf`,
    `大额订单合同报告 大额订单合同报告-${order.name}.pdf`,
    `出库单 出库单-${order.name}.pdf`,
    `发票 发票-${order.name}.pdf`,
  ]);

  await documents.choose('采购合同');
  await expect(documents.contract).toBeVisible();
  await expect(documents.contractProblems).toHaveCount(0);

  // More than 2 decimals, then below the range: the messages the spec words, the range as the
  // server words it for the same amount.
  await documents.typeFirstPayment('1.234');
  await expect(documents.contract).toContainText(DOCUMENT_MESSAGES.FIRST_PAYMENT_DECIMALS);
  await expect(documents.contractPreview).toBeEnabled();
  await documents.contractPreview.click();
  await expect(documents.contract).toBeVisible();
  await expect(documents.dialog).toHaveCount(0);

  const tooLow = await api.generate('ORDER', order.id, CONTRACT_TEMPLATE, {
    first_payment_amount: '0',
  });
  expect(tooLow.status).toBe(400);
  const range = /^请注意([\d.]+)<=合同首付款金额<=([\d.]+)元！$/.exec(tooLow.message ?? '');
  if (!range?.[1] || !range[2]) throw new Error(`the server's range message: ${tooLow.message}`);
  await documents.typeFirstPayment('0');
  await expect(documents.contract).toContainText(tooLow.message ?? '');

  // An amount inside the range is taken, and the contract prints it.
  const min = Number(range[1]);
  const max = Number(range[2]);
  const firstPayment = Math.min(max, min + 1.11).toFixed(2);
  await documents.typeFirstPayment(firstPayment);
  await expect(documents.contract).not.toContainText('请注意');
  await expect(documents.contract.getByTestId('contract-last-payment')).toBeVisible();
  await documents.contractPreview.click();
  await expect(documents.preview).toBeVisible({ timeout: 30_000 });
  await expect(documents.preview).toHaveJSProperty('tagName', 'IFRAME');
  await expect(documents.preview).toHaveAttribute('src', /^blob:/);
  await expect(documents.error).toHaveCount(0);
  const download = await documents.download();
  expect(download.suggestedFilename()).toBe(`采购合同-${order.name}.pdf`);
  const text = await pdfText(download);
  expect(text).toContain('采购合同');
  expect(text).toContain(order.name);
  expect(text).toContain(formatAmount(Number(firstPayment)));

  // The first page as an image, for the report; a page with text on it, not a blank one.
  const page1 = rasterPage(readFileSync(await download.path()), 1);
  await testInfo.attach('采购合同-page-1.png', { body: page1.png, contentType: 'image/png' });
  expect(inkShare(page1)).toBeGreaterThan(0.005);
  await documents.close();
  await expect(documents.dialog).toHaveCount(0);

  // Offline, after a reload from the service worker: the dialog downloads from the caches.
  await expect.poll(() => cachedFonts(page), { timeout: 30_000 }).toBe(2);
  await shell.synced();
  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(detail.number).toContainText(order.name, { timeout: 20_000 });
  await documents.choose('采购合同');
  await expect(documents.contractProblems).toHaveCount(0);
  await documents.typeFirstPayment(firstPayment);
  const offline = await documents.download(documents.contractDownload);
  expect(offline.suggestedFilename()).toBe(`采购合同-${order.name}.pdf`);
  const offlineText = await pdfText(offline);
  expect(offlineText).toContain(order.name);
  expect(offlineText).toContain(formatAmount(Number(firstPayment)));
  await expect(documents.contract).toHaveCount(0);

  // Every other report of the order is made offline too.
  for (const name of ['大额订单合同报告', '出库单', '发票']) {
    await documents.choose(name);
    await expect(documents.preview).toBeVisible({ timeout: 30_000 });
    await expect(documents.error).toHaveCount(0);
    const file = await documents.download();
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${name}-.+\\.pdf$`));
    expect(await pdfText(file)).toContain(order.name);
    await documents.close();
    await expect(documents.dialog).toHaveCount(0);
  }
  await context.setOffline(false);
});

test('报价单 of a quoted sheet previews and downloads, online and offline', async ({
  shell,
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await shell.openSignedIn('/home');
  await shell.installed();
  const { items: sheets } = await (await BuyerApi.of(page, request)).sheets({ sheetType: 'ALL' });
  const quoted = sheets.find((s) => s.state === 'QUOTATION_SENT');
  if (!quoted) throw new Error('the demo data has a quotation sent');
  const sheet = new SheetPage(page);
  const documents = new DocumentsPage(page);
  await page.goto(`/inquiry-quotation/detail?id=${quoted.id}`);
  await expect(sheet.number).toHaveText(quoted.name, { timeout: 20_000 });

  expect(await documents.entries()).toEqual([
    `报价单 报价单-${quoted.name}.pdf`,
    `询价函 询价函-${quoted.name}.pdf`,
  ]);
  await documents.choose('报价单');
  await expect(documents.preview).toBeVisible({ timeout: 30_000 });
  const download = await documents.download();
  expect(download.suggestedFilename()).toBe(`报价单-${quoted.name}.pdf`);
  const text = await pdfText(download);
  expect(text).toContain('报价单');
  expect(text).toContain(quoted.name);
  await documents.close();

  await expect.poll(() => cachedFonts(page), { timeout: 30_000 }).toBe(2);
  await shell.synced();
  await context.setOffline(true);
  await page.reload();
  await expect(sheet.number).toHaveText(quoted.name, { timeout: 20_000 });
  await documents.choose('报价单');
  await expect(documents.preview).toBeVisible({ timeout: 30_000 });
  const offline = await documents.download();
  expect(await pdfText(offline)).toContain(quoted.name);
  await context.setOffline(false);
});

test('询价函 of a draft sheet previews and downloads, online and offline', async ({
  shell,
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await shell.openSignedIn('/home');
  await shell.installed();
  const api = await BuyerApi.of(page, request);
  const { items: sheets } = await api.sheets({ sheetType: 'ALL' });
  const draft = sheets.find((s) => s.state === 'DRAFT');
  if (!draft) throw new Error('the demo data has a draft sheet');
  const sheet = new SheetPage(page);
  const documents = new DocumentsPage(page);
  await page.goto(`/inquiry-quotation/detail?id=${draft.id}`);
  await expect(sheet.number).toHaveText(draft.name, { timeout: 20_000 });

  await documents.choose('询价函');
  await expect(documents.preview).toBeVisible({ timeout: 30_000 });
  await expect(documents.fileName).toHaveText(`询价函-${draft.name}.pdf`);
  await expectAccessible(page, '[role="dialog"]');
  const download = await documents.download();
  expect(download.suggestedFilename()).toBe(`询价函-${draft.name}.pdf`);
  const text = await pdfText(download);
  for (const expected of [
    '询价函',
    `询价单号：${draft.name}`,
    '致（供应商）',
    '含税单价（请填写）',
  ]) {
    expect(text).toContain(expected);
  }
  expect(text).not.toContain('首付款');
  await documents.close();

  // The server's generate route makes the same document for the same sheet.
  const { token } = await appSession(page, request);
  const response = await request.post(
    `/template-api/v7/INQUERY_QUOTATION_SHEET/${draft.id}/202/generate?currentCompanyId=${api.companyId}`,
    { headers: bearer(token), data: { data: {} } },
  );
  expect(response.status()).toBe(200);
  const served = execFileSync('pdftotext', ['-raw', '-', '-'], {
    input: await response.body(),
    encoding: 'utf8',
  }).replace(/\s+/g, '');
  expect(served).toContain(`询价单号：${draft.name}`);

  await expect.poll(() => cachedFonts(page), { timeout: 30_000 }).toBe(2);
  await shell.synced();
  await context.setOffline(true);
  await page.reload();
  await expect(sheet.number).toHaveText(draft.name, { timeout: 20_000 });
  await documents.choose('询价函');
  await expect(documents.preview).toBeVisible({ timeout: 30_000 });
  const offline = await documents.download();
  expect(await pdfText(offline)).toContain(`询价单号：${draft.name}`);
  await context.setOffline(false);
});
