// The administrator's screens pass axe-core's WCAG 2.1 A and AA rules at 375 px (issue 22 item 6).
import { sweepAdminScreens } from './fixtures/screenSweep';
import { test } from './fixtures/test';

test.use({ account: 'admin' });

test("an administrator's screens pass axe on a phone", async ({ page, shell }) => {
  test.setTimeout(120_000);
  await sweepAdminScreens(page, shell);
});
