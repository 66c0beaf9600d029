// Sign-in: through the app against the embedded provider, back to the address
// the user asked for; the no-company account gets the spec's message and is signed out; and the
// provider itself (wrong password, tokens the API accepts).
import type { Page } from '@playwright/test';
import { COMMON_MESSAGES } from '../src/domain/messages/common';
import { DEMO_PASSWORD, LoginPage } from './fixtures/LoginPage';
import { ShellPage } from './fixtures/ShellPage';
import { storedUsers } from './fixtures/storedUser';
import { expect, test } from './fixtures/test';

/**
 * The account answer the session keeps for offline starts. The header (lead) will show the
 * user's name and companies; until then the session's kept copy is what can be read.
 */
function keptAccount(page: Page) {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('purchasing.session.account');
    return raw
      ? (JSON.parse(raw) as { user: { name: string; companies: Array<{ name: string }> } })
      : null;
  });
}

/** The users the app keeps signed in (its sign-in database): one, or none after a sign-out. */
function storedSignIns(page: Page) {
  return storedUsers(page);
}

test('buyer signs in through the app and comes back to the address they opened', async ({
  page,
  login,
}) => {
  await page.goto('/order');
  await login.expectShown();
  await login.signIn('buyer', DEMO_PASSWORD);
  await page.waitForURL('**/order/order/list?orderType=ALL');
  const shell = new ShellPage(page);
  await shell.ready();
  expect(await storedSignIns(page)).toHaveLength(1);
  // The header shows who is signed in and both of their companies.
  await expect(shell.userMenu).toHaveAccessibleName('用户菜单 李娜');
  await shell.companySwitcher.click();
  await expect(page.getByRole('menuitem')).toHaveText([
    '上海精工机械有限公司',
    '苏州恒远自动化设备有限公司',
  ]);
});

test('an account bound to no company gets the message and is signed out', async ({
  page,
  login,
}) => {
  await page.goto('/home');
  await login.expectShown();
  await login.signIn('nocompany', DEMO_PASSWORD);
  await expect(page.getByText(COMMON_MESSAGES.NO_COMPANY_BOUND)).toBeVisible();
  expect(await storedSignIns(page)).toEqual([]);
  expect(await keptAccount(page)).toBeNull();
  await page.getByRole('button', { name: '确定' }).click();
  // The provider's session ended too: the next visit asks for the password again.
  await login.expectShown();
  await expect(login.account).toBeEmpty();
});

test('a wrong password is refused in Chinese and no code is issued', async ({ page, login }) => {
  await login.openFor();
  await login.signIn('buyer', 'wrong-password');
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  expect(page.url()).not.toContain('code=');
});

test('the provider issues a refresh token and an access token the API accepts', async ({
  page,
  request,
  login,
}) => {
  const { verifier, redirectUri } = await login.openFor();
  await login.signIn('buyer', DEMO_PASSWORD);
  await page.waitForURL(/\/auth\/callback\?/);
  expect(new URL(page.url()).searchParams.get('state')).toBe('e2e-state');
  const tokens = await LoginPage.exchange(request, page.url(), verifier, redirectUri);
  expect(tokens.refresh_token).toBeTruthy();
  const user = await request.get('/api/v7/user', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(user.status()).toBe(200);
  const body = (await user.json()) as { data: { companies: Array<{ id: number }> } };
  expect(body.data.companies).toHaveLength(2);
});
