// Sharing on a phone (issue 22 item 3, share.spec.ts for the wide screen): the report's 分享
// beside 打开 and 下载 at 375 px, and WeChat's notice fitting the screen.
import { PWA_MESSAGES as M } from '../src/domain/messages/pwa';
import { expectAccessible } from './fixtures/axe';
import { quotationToShare, sharedFiles, WECHAT_USER_AGENT } from './fixtures/share';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 } });

test('分享 on a phone hands over the PDF, beside 打开 and 下载', async ({
  page,
  shell,
  request,
}) => {
  test.setTimeout(90_000);
  const { name } = await quotationToShare(page, shell, request);
  for (const label of ['打开', M.SHARE, '下载']) {
    await expect(page.getByRole('button', { name: label })).toBeVisible();
  }
  await page.getByRole('button', { name: M.SHARE }).click();
  await expect
    .poll(async () => (await sharedFiles(page))[0]?.names)
    .toEqual([`报价单-${name}.pdf`]);
});

test.describe('inside WeChat', () => {
  test.use({ userAgent: WECHAT_USER_AGENT });

  test('the notice fits a 375 px screen', async ({ page, shell }) => {
    await shell.openSignedIn('/inquiry-quotation/list');
    const notice = page.getByTestId('wechat-notice');
    await expect(notice).toContainText(M.WECHAT_DETAIL);
    const box = await notice.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 375).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await expectAccessible(page);
  });
});
