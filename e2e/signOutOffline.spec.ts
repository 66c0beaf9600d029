// Signing out with the network off (security review L16): the app forgets the user at once, keeps
// the refresh token only to revoke it, and revokes it as soon as the network is back, so the
// token is worthless to anyone who copied it. The app then signs in again through the provider's
// session (still open: the provider never heard of the sign-out), on a grant of its own.
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './fixtures/LoginPage';
import { storedUser } from './fixtures/storedUser';
import { expect, test } from './fixtures/test';

// Signed in here, not through the worker's shared provider session: the sign-in after the
// revocation may renew the provider session, and the other specs must keep theirs.

async function storedRefreshToken(page: Page): Promise<string | null> {
  return (await storedUser(page))?.refresh_token ?? null;
}

/** The queue of tokens to revoke; null while the page is between two documents. */
function queuedRevocations(page: Page): Promise<string | null> {
  return page
    .evaluate(() => window.localStorage.getItem('purchasing.auth.revocations') ?? '[]')
    .catch(() => null);
}

test('a refresh token of a sign-out made offline is revoked once the network is back', async ({
  shell,
  login,
  page,
  context,
  request,
}) => {
  await page.goto('/home');
  await login.expectShown();
  await login.signIn('buyer', DEMO_PASSWORD);
  await shell.ready();
  await shell.installed();
  await shell.synced();
  const refreshToken = await storedRefreshToken(page);
  if (!refreshToken) throw new Error('the app keeps a refresh token');

  await context.setOffline(true);
  await shell.userMenu.click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(shell.syncStatus).toBeHidden({ timeout: 20_000 });
  // The header goes first; the user's tokens leave storage as the sign-out finishes.
  await expect.poll(() => storedRefreshToken(page)).toBeNull();
  expect(await queuedRevocations(page)).toContain(refreshToken);

  await context.setOffline(false);
  await expect.poll(() => queuedRevocations(page), { timeout: 20_000 }).toBe('[]');
  const refresh = await request.post('/oidc/token', {
    form: { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'purchasing-app' },
  });
  expect(refresh.status()).toBe(400);
  expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
  // Revoked before the new sign-in, so the new session is not ended with the old grant.
  await shell.ready();
  await shell.synced();
});
