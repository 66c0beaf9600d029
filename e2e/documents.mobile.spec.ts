// Documents on a 375 px phone: the contract-export dialog fits the screen and its
// controls can be tapped; the preview, full screen, says why the PDF is not shown inside the page
// and offers 打开 (the PDF in the phone's viewer) and 下载; the downloaded contract carries the
// order and the first payment typed.
import { execFileSync } from 'node:child_process';
import { formatAmount } from '../src/domain/format/money';
import { BuyerApi } from './fixtures/BuyerApi';
import { DocumentsPage } from './fixtures/DocumentsPage';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { expectTouchable, pageOverflow } from './fixtures/phone';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 } });

const HENGYUAN = '苏州恒远自动化设备有限公司';

test('采购合同 on a phone: the export dialog fits, the preview offers 打开 and 下载', async ({
  shell,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await shell.openSignedIn('/home');
  await shell.switchCompany(HENGYUAN);
  await shell.synced();
  const api = await BuyerApi.of(page, request, HENGYUAN);
  const order = (await api.orders()).items[0];
  if (!order) throw new Error('苏州恒远 has an order in the demo data');
  const documents = new DocumentsPage(page);
  await page.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`);
  await expect(new OrderDetailPage(page).number).toContainText(order.name, { timeout: 20_000 });

  await documents.choose('采购合同');
  await expect(documents.contract).toBeVisible();
  await expect(documents.contractProblems).toHaveCount(0);
  const firstPayment = (await documents.firstPayment.inputValue()).trim();
  expect(Number(firstPayment)).toBeGreaterThan(0);
  await expectTouchable(page, [
    documents.firstPayment,
    documents.contractPreview,
    documents.contractDownload,
  ]);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

  await documents.contractPreview.click();
  await expect(documents.preview).toBeVisible({ timeout: 30_000 });
  await expect(documents.preview).toContainText('打开');
  await expect(documents.openButton).toHaveAttribute('href', /^blob:/);
  await expectTouchable(page, [documents.openButton, documents.downloadButton]);
  const download = await documents.download();
  expect(download.suggestedFilename()).toBe(`采购合同-${order.name}.pdf`);
  const text = execFileSync('pdftotext', ['-raw', await download.path(), '-'], {
    encoding: 'utf8',
  }).replace(/\s+/g, '');
  expect(text).toContain(order.name);
  expect(text).toContain(formatAmount(Number(firstPayment)));
});
