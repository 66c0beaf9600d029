// Dark mode on a phone (issue 22 item 6): a clerk's screens pass axe at 375 px in a dark system.
import { sweepClerkScreens } from './fixtures/screenSweep';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', colorScheme: 'dark' });

test("in a dark system a clerk's screens pass axe on a phone", async ({ page, shell }) => {
  test.setTimeout(120_000);
  await sweepClerkScreens(page, shell, true);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});
