import { expect, test } from './fixtures/test';

test('on a phone the shell fits the screen without sideways scrolling', async ({ shell, page }) => {
  await shell.open('/');
  await expect(shell.header).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
