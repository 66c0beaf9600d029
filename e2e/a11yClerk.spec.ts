// Every screen a clerk sees passes axe-core's WCAG 2.1 A and AA rules on a wide screen (issue 22
// item 6): the purchase list, a sheet, the order list, an order, the to-do page, the personal
// centre. a11yClerk.mobile.spec.ts does the same at 375 px, axeAdmin*.spec.ts the
// administrator's screens; the sign-in, registration and dialogs have theirs in their own specs.
import { sweepClerkScreens } from './fixtures/screenSweep';
import { test } from './fixtures/test';

test.use({ account: 'buyer' });

test("a clerk's screens pass axe on a wide screen", async ({ page, shell }) => {
  test.setTimeout(120_000);
  await sweepClerkScreens(page, shell, false);
});
