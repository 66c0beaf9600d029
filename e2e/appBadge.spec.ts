// The installed app's icon badge (issue 20 item 4): the Badging API gets the count of to-dos
// waiting that the header shows, for the signed-in company. The page's calls are recorded (an
// app icon has no DOM to look at); src/platform/pwa/appBadge.test.ts covers clearing and refusals.
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

test('the app icon shows the to-dos waiting, as the header does', async ({ page, shell }) => {
  // Records what the page asks of the Badging API (an app icon has no DOM to look at).
  await page.addInitScript(() => {
    const calls: string[] = [];
    Object.assign(window, { badgeCalls: calls });
    Object.defineProperty(navigator, 'setAppBadge', {
      value: async (count?: number) => {
        calls.push(`set ${count}`);
      },
    });
    Object.defineProperty(navigator, 'clearAppBadge', {
      value: async () => {
        calls.push('clear');
      },
    });
  });
  await shell.openSignedIn('/inquiry-quotation/list');
  await shell.synced();
  await expect(shell.todoBadge).toHaveAttribute('aria-label', /（\d+ 条待处理）/);
  const label = (await shell.todoBadge.getAttribute('aria-label')) ?? '';
  const count = Number(/（(\d+) 条待处理）/.exec(label)?.[1]);
  expect(count).toBeGreaterThan(0);
  const lastCall = () =>
    page.evaluate(() => (window as unknown as { badgeCalls: string[] }).badgeCalls.at(-1));
  await expect.poll(lastCall).toBe(`set ${count}`);
});
