// The app under its strict Content-Security-Policy (security review M3): the sign-in through the
// embedded provider and back; signed in as buyer, the lists, an order's detail with a PDF preview (a blob: frame), the to-do panel and the live channel
// run without a single violation; and the policy is really enforced, so an inline script that
// finds its way into the page does not run (and this test would see it: Chromium reports every
// refusal on the console).
import type { ConsoleMessage, Page } from '@playwright/test';
import { BuyerApi } from './fixtures/BuyerApi';
import { DocumentsPage } from './fixtures/DocumentsPage';
import { DEMO_PASSWORD, LoginPage } from './fixtures/LoginPage';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { LANDING_URL } from './fixtures/ShellPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

/** Every CSP refusal Chromium reports on the page's (and its workers') console. */
function violations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.text().includes('Content Security Policy')) seen.push(message.text());
  });
  return seen;
}

test('the signed-in app runs under its CSP without a violation, and inline script is refused', async ({
  shell,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const refused = violations(page);
  const answer = await page.goto('/home');
  const policy = (await answer?.allHeaders())?.['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'none'");
  await shell.ready();
  await shell.installed();
  await shell.synced();
  await expect(page).toHaveURL(LANDING_URL);

  const api = await BuyerApi.of(page, request);
  const order = (await api.orders()).items[0];
  if (!order) throw new Error('the demo data has an order');
  await page.goto('/order/order/list?orderType=ALL');
  await expect(page.getByText(order.name).first()).toBeVisible({ timeout: 20_000 });
  await page.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`);
  await expect(new OrderDetailPage(page).number).toContainText(order.name, { timeout: 20_000 });

  // A document made on the device, shown from a blob: URL in a frame.
  const documents = new DocumentsPage(page);
  await documents.choose('大额订单合同报告');
  await expect(documents.preview).toBeVisible({ timeout: 30_000 });
  await documents.close();

  const panel = await shell.openTodoPanel();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await shell.synced();
  expect(refused).toEqual([]);

  // The same page with an injected inline script: it does not run, and the refusal is reported.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => refused.length).toBeGreaterThan(0);
  expect(refused[0]).toContain('inline script');
});

test('signing in from a fresh browser goes through the provider and back without a violation', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  const refused = violations(page);
  await page.goto('/home');
  const login = new LoginPage(page);
  await login.expectShown();
  await login.signIn('buyer', DEMO_PASSWORD);
  await page.waitForURL(LANDING_URL);
  await page.getByTestId('sync-status').waitFor();
  expect(refused).toEqual([]);
  await context.close();
});
