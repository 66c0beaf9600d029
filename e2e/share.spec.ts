// Sharing (issue 22 item 3): a made document goes to the system share sheet as a PDF file where
// the browser can share files (a phone's, stood in for here: Debian's Chromium has no share
// sheet, so `navigator.share` is replaced before the app loads and records what it is handed);
// where it cannot, only 下载 is offered. Inside WeChat's in-app browser every page says to open
// the system browser.
import { PWA_MESSAGES as M } from '../src/domain/messages/pwa';
import { expectAccessible } from './fixtures/axe';
import { openQuotation, quotationToShare, sharedFiles, WECHAT_USER_AGENT } from './fixtures/share';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

test('分享 hands the made report to the share sheet as its PDF file', async ({
  page,
  shell,
  request,
}) => {
  test.setTimeout(90_000);
  const { name } = await quotationToShare(page, shell, request);
  await page.getByRole('button', { name: M.SHARE }).click();
  await expect
    .poll(() => sharedFiles(page))
    .toEqual([
      {
        names: [`报价单-${name}.pdf`],
        types: ['application/pdf'],
        sizes: [expect.any(Number)],
        title: `报价单-${name}.pdf`,
      },
    ]);
  const [size] = (await sharedFiles(page))[0]?.sizes ?? [];
  expect(size).toBeGreaterThan(1000);
  // 下载 stays beside it.
  await expect(page.getByRole('button', { name: '下载' })).toBeVisible();
});

test('without a share sheet only 下载 is offered', async ({ page, shell, request }) => {
  test.setTimeout(90_000);
  await shell.openSignedIn('/home');
  await openQuotation(page, request);
  await expect(page.getByRole('button', { name: '下载' })).toBeVisible();
  await expect(page.getByRole('button', { name: M.SHARE })).toHaveCount(0);
});

test.describe('inside WeChat', () => {
  test.use({
    userAgent: WECHAT_USER_AGENT,
  });

  test('every page asks to open the system browser', async ({ page, shell }) => {
    await shell.openSignedIn('/inquiry-quotation/list');
    const notice = page.getByTestId('wechat-notice');
    await expect(notice).toContainText(M.WECHAT_TITLE);
    await expect(notice).toContainText('在浏览器打开');
    await expectAccessible(page);
    await page.goto('/order/order/list?orderType=ALL');
    await expect(page.getByTestId('wechat-notice')).toBeVisible({ timeout: 20_000 });
  });
});

test('outside WeChat there is no such notice', async ({ page, shell }) => {
  await shell.openSignedIn('/inquiry-quotation/list');
  await shell.synced();
  await expect(page.getByTestId('wechat-notice')).toHaveCount(0);
});
