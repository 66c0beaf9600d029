import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

test('on a phone the header collapses into a menu that stays usable by touch', async ({
  shell,
  page,
}) => {
  await shell.open('/home');
  await shell.ready();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  // The switcher and user menu are in the burger menu, not the header.
  await expect(shell.companySwitcher).toBeHidden();
  await expect(shell.userMenu).toBeHidden();
  await expect(shell.todoBadge).toBeVisible();
  await shell.burger.tap();
  const menu = page.getByRole('dialog', { name: '工业品采购' });
  await expect(menu.getByText('切换公司')).toBeVisible();
  await expect(menu.getByRole('button', { name: '退出登录' })).toBeVisible();
  const buttons = await menu.getByRole('button').all();
  for (const button of buttons) {
    const box = await button.boundingBox();
    // Touch targets at least 28 px high (Mantine's compact sizes are the smallest used).
    if (box) expect(box.height).toBeGreaterThanOrEqual(28);
  }
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the header fits and its tools stay reachable', async ({ shell, page }) => {
    await shell.open('/home');
    await shell.ready();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    for (const tool of [shell.burger, shell.syncStatus, shell.todoBadge, shell.homeLink]) {
      const box = await tool.boundingBox();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    }
    const panel = await shell.openTodoPanel();
    // Measured once the drawer has settled, with half a pixel for subpixel layout.
    await expect
      .poll(async () => (await panel.boundingBox())?.width ?? 0)
      .toBeLessThanOrEqual(375.5);
  });
});
