// Installing the app on a phone (issue 22 item 4): once the browser says the app can be
// installed, an offer shows above the page (安装 opens the browser's dialog; 不再提示 hides it
// for good, also after a reload); in Safari on an iPhone the offer and the menu show the
// 添加到主屏幕 steps instead. axe on the offer and the steps.
import { PWA_MESSAGES as M } from '../src/domain/messages/pwa';
import { expectAccessible } from './fixtures/axe';
import { offerInstall, promptsShown } from './fixtures/install';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

test('the phone’s offer installs, and 不再提示 hides it for good', async ({ page, shell }) => {
  await shell.openSignedIn('/inquiry-quotation/list');
  const offer = page.getByTestId('install-offer');
  await expect(offer).toHaveCount(0);
  await offerInstall(page, 'dismissed');
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(M.INSTALL_OFFER);
  await expectAccessible(page, '[data-testid="install-offer"]');
  await offer.getByRole('button', { name: M.INSTALL_NOW }).click();
  await expect.poll(() => promptsShown(page)).toBe(1);

  // The browser offers again later; the user says 不再提示, and it stays away after a reload.
  await offerInstall(page, 'dismissed');
  await offer.getByRole('button', { name: M.INSTALL_NOT_NOW }).first().click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await shell.ready();
  await offerInstall(page, 'dismissed');
  await expect(page.getByRole('menuitem', { name: M.INSTALL }).or(offer)).toHaveCount(0);
});

test.describe('Safari on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  test('the offer shows the 添加到主屏幕 steps', async ({ page, shell }) => {
    await shell.openSignedIn('/inquiry-quotation/list');
    const offer = page.getByTestId('install-offer');
    await offer.getByRole('button', { name: M.IOS_SHOW_STEPS }).click();
    const steps = page.getByRole('dialog', { name: M.IOS_INSTALL });
    await expect(steps).toBeVisible();
    await expect(steps.getByRole('listitem')).toHaveText([
      M.IOS_STEP_SHARE,
      M.IOS_STEP_ADD,
      M.IOS_STEP_CONFIRM,
    ]);
    await expectAccessible(page);
  });
});
