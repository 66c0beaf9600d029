import { expect, test } from '@playwright/test';
import { LoginPage } from './fixtures/LoginPage';

const NO_COMPANY = '当前登录账号无绑定公司，或者绑定公司无权限登录该系统！';

test('buyer signs in through the embedded provider and the API answers their data', async ({
  page,
  request,
}) => {
  const login = new LoginPage(page);
  const { verifier, redirectUri } = await login.openFor();
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await login.signIn('buyer', 'Demo@2026');
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

  const [company] = body.data.companies;
  const sheets = await request.get(
    `/inquiry-api/v7/inquiry_quotation?currentCompanyId=${company?.id}&pageSize=5`,
    { headers: { authorization: `Bearer ${tokens.access_token}` } },
  );
  expect(sheets.status()).toBe(200);
  expect(((await sheets.json()) as { data: { total: number } }).data.total).toBeGreaterThan(0);
});

test('a wrong password is refused in Chinese and no code is issued', async ({ page }) => {
  const login = new LoginPage(page);
  await login.openFor();
  await login.signIn('buyer', 'wrong-password');
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  expect(page.url()).not.toContain('code=');
});

test('an account bound to no company gets the spec message', async ({ page, request }) => {
  const login = new LoginPage(page);
  const { verifier, redirectUri } = await login.openFor();
  await login.signIn('nocompany', 'Demo@2026');
  await page.waitForURL(/\/auth\/callback\?/);
  const tokens = await LoginPage.exchange(request, page.url(), verifier, redirectUri);
  const user = await request.get('/api/v7/user', {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  const body = (await user.json()) as {
    data: { companies: unknown[]; no_company_message?: string };
  };
  expect(body.data.companies).toEqual([]);
  expect(body.data.no_company_message).toBe(NO_COMPANY);
});
