// Every screen a clerk sees passes axe-core's WCAG 2.1 A and AA rules at 375 px (issue 22 item
// 6); a11yClerk.spec.ts is the wide screen.
import { sweepClerkScreens } from './fixtures/screenSweep';
import { test } from './fixtures/test';

test.use({ account: 'buyer' });

test("a clerk's screens pass axe on a phone", async ({ page, shell }) => {
  test.setTimeout(120_000);
  await sweepClerkScreens(page, shell, true);
});
