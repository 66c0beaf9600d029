// Dark mode follows the system (issue 22 item 6), and every screen still passes axe-core's WCAG
// 2.1 A and AA rules in it: the administrator's screens and the clerk's, on a wide screen.
// a11yClerk.dark.mobile.spec.ts is the phone.
import { sweepAdminScreens, sweepClerkScreens } from './fixtures/screenSweep';
import { expect, test } from './fixtures/test';

test.use({ account: 'admin', colorScheme: 'dark' });

test('in a dark system the app is dark, and its screens pass axe', async ({ page, shell }) => {
  test.setTimeout(150_000);
  await sweepAdminScreens(page, shell);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await sweepClerkScreens(page, shell, false);
});
