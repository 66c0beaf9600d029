// The administrator's screens (company settings, staff management) and the clerk's screens as
// an administrator sees them pass axe-core's WCAG 2.1 A and AA rules (issue 22 item 6).
import { sweepAdminScreens, sweepClerkScreens } from './fixtures/screenSweep';
import { test } from './fixtures/test';

test.use({ account: 'admin' });

test("an administrator's screens pass axe on a wide screen", async ({ page, shell }) => {
  test.setTimeout(120_000);
  await sweepAdminScreens(page, shell);
  await sweepClerkScreens(page, shell, false);
});
