// Shell behaviours the spec audit found untested (settings-messaging-shared §2 "Shell"; P7, P9,
// S3): the logo opens the list GET /index names (made to answer REPLIED), offline too from the
// remembered answer; a navigation starts the new page at the top; /home/9001, which the spec gives
// no content, is the shell's not-found page.
import { orderRowTarget } from '../src/domain/orders/orderTabs';
import { BuyerApi } from './fixtures/BuyerApi';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

test('the logo opens the list the server names, online and offline', async ({
  shell,
  page,
  context,
}) => {
  // The server says REPLIED while a quote waits unread; make it say so whatever the demo holds.
  await context.route('**/index?*', (route) =>
    route.fulfill({ json: { data: { menu: 'REPLIED' } } }),
  );
  await shell.openSignedIn('/order/order/list?orderType=ALL');
  await shell.synced();
  const logo = page.getByRole('link', { name: /返回首页/ });
  await expect(logo).toHaveAttribute('href', /sheetType=REPLIED/);
  await logo.click();
  await expect(page).toHaveURL(/\/inquiry-quotation\/list\?sheetType=REPLIED/);

  await page.goto('/order/order/list?orderType=ALL');
  await context.setOffline(true);
  try {
    await page.reload();
    await logo.click();
    await expect(page).toHaveURL(/\/inquiry-quotation\/list\?sheetType=REPLIED/);
  } finally {
    await context.setOffline(false);
  }
});

test('/home/9001 shows the not-found page inside the signed-in shell', async ({ shell, page }) => {
  await shell.openSignedIn('/home/9001');
  await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/home\/9001$/);
  await expect(shell.syncStatus).toBeVisible();
});

test.describe('on a short screen', () => {
  test.use({ viewport: { width: 1280, height: 420 } });

  test('the next order’s detail opens at the top, not where the last one was scrolled', async ({
    shell,
    page,
    request,
  }) => {
    await shell.openSignedIn('/home');
    await shell.synced();
    const api = await BuyerApi.of(page, request);
    const [first] = (await api.orders()).items;
    if (!first) throw new Error('the demo data has orders');
    const detail = new OrderDetailPage(page);
    const target = orderRowTarget({ id: first.id, orderType: 'ALL', index: 0, filter: '' });
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(target.search)) {
      if (value !== '') search.set(key, String(value));
    }
    await page.goto(`${target.path}?${search}`);
    await expect(detail.number).toContainText(first.name, { timeout: 20_000 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await detail.next.click();
    await expect(detail.number).not.toContainText(first.name);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
