// The signed-in session as buyer, signed in once per worker: the
// installed app reopens offline with the last user, an expired token is renewed, a refused one
// leaves the app readable with a notice, and administrator pages are refused.
import type { Page } from '@playwright/test';
import { SESSION_MESSAGES } from '../src/domain/messages/session';
import { NO_PERMISSION_PATH, NO_PERMISSION_TEXT } from '../src/domain/routes';
import { BuyerApi } from './fixtures/BuyerApi';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import {
  asOlderRelease,
  changeStoredUser,
  olderReleaseEntry,
  storedUser,
} from './fixtures/storedUser';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

/** Opens the app (signing in silently through the provider's session) and waits for the shell. */
async function openSignedIn(page: Page) {
  await page.goto('/home');
  const shell = page.getByRole('banner').getByTestId('sync-status');
  await expect(shell).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  return shell;
}

test('a reload with the network off keeps the session and the landing page', async ({
  page,
  context,
}) => {
  const landing = await openSignedIn(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // The first sync has brought the company's to-dos to the device.
  await expect(landing).toHaveAttribute('data-tone', 'synced', { timeout: 20_000 });

  await context.setOffline(true);
  await page.reload();
  await expect(landing).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  // The last data is there offline: the to-do panel lists what the first sync brought.
  await page.getByTestId('todo-badge').click();
  await expect(page.getByTestId('todo-panel-item').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(landing).toHaveAttribute('data-tone', 'offline', { timeout: 20_000 });
  expect((await storedUser(page))?.access_token).toBeTruthy();
});

for (const path of ['/user/company-setting', '/user/personnel-list']) {
  test(`${path} shows the no-permission page to a non-administrator`, async ({ page }) => {
    await page.goto(path);
    await page.waitForURL(`**${NO_PERMISSION_PATH}`);
    await expect(page.getByText(NO_PERMISSION_TEXT)).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  });
}

/**
 * Rewrites the stored sign-in as if time had passed (and, optionally, the refresh token died and
 * the access token is one the server refuses).
 */
function ageStoredSignIn(page: Page, refreshToken?: string, accessToken?: string) {
  return changeStoredUser(page, {
    expiresAt: Math.floor(Date.now() / 1000) - 60,
    ...(refreshToken ? { refreshToken } : {}),
    ...(accessToken ? { accessToken } : {}),
  });
}

async function storedAccessToken(page: Page) {
  return (await storedUser(page))?.access_token ?? null;
}

test('an expired access token is renewed with the refresh token at start', async ({ page }) => {
  await openSignedIn(page);
  const before = await storedAccessToken(page);
  await ageStoredSignIn(page);
  await page.reload();
  await expect(page.getByRole('banner').getByTestId('sync-status')).toBeVisible();
  await expect.poll(() => storedAccessToken(page)).not.toBe(before);
  await expect(page.getByText(SESSION_MESSAGES.EXPIRED_TITLE)).toHaveCount(0);
});

test('a sign-in an older release kept in localStorage moves to IndexedDB at the next start', async ({
  page,
}) => {
  await openSignedIn(page);
  const before = await storedUser(page);
  await asOlderRelease(page);
  expect(await storedUser(page)).toBeNull();
  await page.reload();
  await expect(page.getByRole('banner').getByTestId('sync-status')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  // Moved, not copied: one refresh token on the device.
  expect(await olderReleaseEntry(page)).toBeNull();
  expect((await storedUser(page))?.refresh_token).toBe(before?.refresh_token);
  await expect(page.getByText(SESSION_MESSAGES.EXPIRED_TITLE)).toHaveCount(0);
});

test('a refused renewal keeps the app readable and asks to sign in again', async ({ page }) => {
  await openSignedIn(page);
  await ageStoredSignIn(page, 'revoked-refresh-token');
  await page.reload();
  await expect(page.getByRole('banner').getByTestId('sync-status')).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: SESSION_MESSAGES.EXPIRED_TITLE });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: SESSION_MESSAGES.SIGN_IN_AGAIN }).click();
  // The provider still knows the browser: signing in again is silent and comes back here.
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('banner').getByTestId('sync-status')).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test('a session that expires while offline keeps a queued change and delivers it after signing in again', async ({
  page,
  context,
  request,
}) => {
  // Five phases (sign in, the app installed, offline and expired, signed in again, delivered):
  // the service worker's first install alone took most of 30 s once under CI's load.
  test.setTimeout(60_000);
  await openSignedIn(page);
  const api = await BuyerApi.of(page, request);
  const order = (await api.orders()).items.find(
    (o) => o.state > 0 && o.state < 90 && !o.order_base_state,
  );
  if (!order) throw new Error('the demo data has an order in progress');
  const before = order.current_order_node.contacts_user;
  const newOwner = (await api.staff()).find((person) => person.id !== before?.id);
  if (!newOwner) throw new Error('the company has another in-service colleague');
  const detail = new OrderDetailPage(page);
  await page.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`);
  await expect(detail.number).toContainText(order.name, { timeout: 20_000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // Offline, the session dies: its access token is refused by the server and its refresh token
  // is gone. The installed app still opens and takes the change.
  await context.setOffline(true);
  await ageStoredSignIn(page, 'revoked-refresh-token', 'revoked-access-token');
  await page.reload();
  await expect(detail.number).toContainText(order.name, { timeout: 20_000 });
  await detail.chooseOwner(newOwner.name.slice(0, 1), newOwner.name);
  await expect(detail.pendingMark).toHaveText('待同步');

  // Back online: renewal is refused, the engine is told 401 and keeps the change.
  await context.setOffline(false);
  const notice = page.getByRole('alert').filter({ hasText: SESSION_MESSAGES.EXPIRED_TITLE });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(detail.pendingMark).toHaveText('待同步');
  expect((await api.order(order.id)).current_order_node.contacts_user?.id).toBe(before?.id);

  // Signing in again (silent at the provider) delivers it, once.
  await notice.getByRole('button', { name: SESSION_MESSAGES.SIGN_IN_AGAIN }).click();
  await expect(detail.number).toContainText(order.name, { timeout: 20_000 });
  await expect(detail.pendingMark).toHaveCount(0, { timeout: 30_000 });
  const server = await api.order(order.id);
  expect(server.current_order_node.contacts_user?.id).toBe(newOwner.id);
  // Versions come from one sequence shared by every row: other writes may land in between.
  expect(server.version).toBeGreaterThan(order.version);
});
