// Installing the app from its user menu (issue 22 item 4) on a wide screen: when the browser
// says the app can be installed (its `beforeinstallprompt`, dispatched here as Chromium does),
// 安装应用 shows the browser's dialog; once installed the entry is gone. install.mobile.spec.ts
// covers the phone's offer and the iPhone's steps.
import { PWA_MESSAGES as M } from '../src/domain/messages/pwa';
import { offerInstall, promptsShown } from './fixtures/install';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

test('安装应用 in the user menu shows the browser’s install dialog', async ({ page, shell }) => {
  await shell.openSignedIn('/inquiry-quotation/list');
  await shell.userMenu.click();
  // No entry before the browser says the app can be installed.
  await expect(page.getByRole('menuitem', { name: M.INSTALL })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await offerInstall(page, 'accepted');
  await shell.userMenu.click();
  await page.getByRole('menuitem', { name: M.INSTALL }).click();
  await expect.poll(() => promptsShown(page)).toBe(1);

  // Installed: the entry is gone.
  await shell.userMenu.click();
  await expect(page.getByRole('menuitem', { name: M.INSTALL })).toHaveCount(0);
});
