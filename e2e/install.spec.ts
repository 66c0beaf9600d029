// Installing the app from its user menu (issue 22 item 4) on a wide screen: when the browser
// says the app can be installed (its `beforeinstallprompt`, dispatched here as Chromium does),
// 安装应用 shows the browser's dialog; once installed the entry is gone. install.mobile.spec.ts
// covers the phone's offer and the iPhone's steps.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
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

test('the manifest offers the rich install dialog: shortcuts, and screenshots of their declared size', async ({
  page,
}) => {
  // A static page of the app's origin (the app itself would go on to sign in).
  await page.goto('/favicon.svg');
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    shortcuts: Array<{ name: string; url: string }>;
    screenshots: Array<{ src: string; sizes: string; form_factor: string; label: string }>;
  };
  expect(manifest.shortcuts.map((s) => s.name)).toEqual(['新建询价', '订单', '待办']);
  const factors = manifest.screenshots.map((s) => s.form_factor);
  expect(factors).toContain('narrow');
  expect(factors).toContain('wide');
  for (const shot of manifest.screenshots) {
    expect(shot.label).not.toBe('');
    // Drawn by the browser at the size the manifest says (a mismatch drops it from the dialog).
    const drawn = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      return `${image.naturalWidth}x${image.naturalHeight}`;
    }, shot.src);
    expect(drawn).toBe(shot.sizes);
    const [width, height] = shot.sizes.split('x').map(Number);
    expect((width ?? 0) < (height ?? 0)).toBe(shot.form_factor === 'narrow');
  }
});

test('Chromium finds the built app installable: its own check, which Lighthouse’s installable audit asked', async () => {
  const { launchOptions, baseURL } = test.info().project.use;
  // Installability is never granted to an incognito context, so this one keeps a profile.
  const profile = await mkdtemp(join(tmpdir(), 'e2e-installable-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // A public page of the app: the service worker installs and takes it over.
    await page.goto('/no-permission');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
