// The personal centre and registration (settings-messaging-shared §2, §5 "Password reset"):
// as buyer, the profile, the VIP panel of the VIP company and none for the
// other, the sales manager and my companies, offline read-only; on the dedicated `resetpw`
// account, the password reset with the code from the SMS outbox (the server's log) and the new
// password at the provider, and the avatar crop; signed out, the registration page's rules and
// a recorded request.
import type { Browser, Page, TestInfo } from '@playwright/test';
import { ACCOUNT_LABELS } from '../src/domain/account/labels';
import { ACCOUNT_MESSAGES } from '../src/domain/account/messages';
import { COMMON_MESSAGES } from '../src/domain/messages/common';
import { AccountPage, RegisterPage, smsCodeFor } from './fixtures/AccountPage';
import { appSession, bearer } from './fixtures/appSession';
import { expectAccessible } from './fixtures/axe';
import { DEMO_PASSWORD, LoginPage } from './fixtures/LoginPage';
import { LANDING_URL } from './fixtures/ShellPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

const JINGGONG = '上海精工机械有限公司';
const HENGYUAN = '苏州恒远自动化设备有限公司';
/** A browser context of its own starts without the worker's provider session (the spec's `use`). */
const SIGNED_OUT = { cookies: [], origins: [] };

/** A page of its own, signed in as `username` at the provider. */
async function signedIn(browser: Browser, testInfo: TestInfo, username: string, password: string) {
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: SIGNED_OUT,
  });
  const page = await context.newPage();
  await page.goto('/home');
  const login = new LoginPage(page);
  await login.expectShown();
  await login.signIn(username, password);
  await page.waitForURL(LANDING_URL);
  return { context, page };
}

test('the personal centre shows the profile, VIP and sales-manager panels per company, and my companies', async ({
  shell,
  page,
  request,
}) => {
  await shell.openSignedIn('/home');
  const me = await appSession(page, request);
  const user = await (await request.get('/api/v7/user', { headers: bearer(me.token) })).json();
  const account = new AccountPage(page);
  await account.open();
  await expect(page.getByRole('heading', { name: '个人中心' })).toBeVisible();
  await expect(account.name).toHaveText('李娜');
  await expect(account.mobile).toHaveText(user.data.mobile);
  await expect(account.resetPassword).toBeEnabled();

  // 上海精工 is VIP with rebates: validity, total and balance in CNY.
  await expect(account.vipPanel).toBeVisible();
  await expect(account.vipPanel.getByTestId('vip-validity')).toHaveText(
    /^\d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}$/,
  );
  await expect(account.vipPanel.getByTestId('vip-amount')).toHaveText('¥50,000.00');
  await expect(account.vipPanel.getByTestId('vip-balance')).toHaveText('¥12,860.50');
  await expect(account.salesManager.getByTestId('sales-manager-name')).toHaveText('陈志明');
  await expect(account.salesManager.getByTestId('sales-manager-phone')).toHaveText('021-68881201');
  await expect(account.salesManager.getByTestId('sales-manager-mobile')).toHaveText(
    /^1[3-9]\d{9}$/,
  );
  await expect(account.myCompanies).toHaveCount(2);
  await expect(account.myCompanies.filter({ hasText: JINGGONG })).toContainText('当前公司');
  await expect(account.myCompanies.filter({ hasText: HENGYUAN })).toBeVisible();

  // 苏州恒远 is not VIP: no VIP panel; its own sales manager.
  await shell.switchCompany(HENGYUAN);
  await expect(account.salesManager.getByTestId('sales-manager-name')).toHaveText('黄晓燕');
  await expect(account.salesManager.getByTestId('sales-manager-phone')).toHaveText('021-68881202');
  await expect(account.vipPanel).toHaveCount(0);
  await expect(account.myCompanies.filter({ hasText: HENGYUAN })).toContainText('当前公司');
  await shell.switchCompany(JINGGONG);
  await expect(account.vipPanel).toBeVisible();
});

test('offline the personal centre reads from the device; avatar and password changes are disabled with the reason', async ({
  shell,
  page,
  context,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const account = new AccountPage(page);
  await account.open();
  await expect(account.vipPanel).toBeVisible();
  await context.setOffline(true);
  await expect(account.offline).toHaveText(COMMON_MESSAGES.OFFLINE_ACTION);
  await expect(account.changeAvatar).toBeDisabled();
  await expect(account.resetPassword).toBeDisabled();
  await expect(account.vipPanel.getByTestId('vip-amount')).toHaveText('¥50,000.00');
  await expect(account.salesManager).toBeVisible();
  await context.setOffline(false);
  await expect(account.offline).toBeHidden();
  await expect(account.changeAvatar).toBeEnabled();
});

test.describe('the dedicated account resetpw', () => {
  const NEW_PASSWORD = 'Reset#2026pw';

  // Before the password reset below, so the account still has the demo password.
  test('changes the avatar: an svg cropped to a 200×200 png', async ({ browser }, testInfo) => {
    const { context, page } = await signedIn(browser, testInfo, 'resetpw', DEMO_PASSWORD);
    try {
      await changeAvatar(page);
    } finally {
      await context.close();
    }
  });

  test('resets the password with the code from the SMS outbox; the provider then takes the new one', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(60_000);
    const { context, page } = await signedIn(browser, testInfo, 'resetpw', DEMO_PASSWORD);
    try {
      const account = new AccountPage(page);
      await account.open();
      const mobile = (await account.mobile.textContent()) ?? '';
      expect(mobile).toMatch(/^1[3-9]\d{9}$/);
      await account.resetPassword.click();
      const dialog = account.passwordDialog();
      await expect(dialog.dialog).toBeVisible();
      await expect(dialog.dialog).toContainText(mobile);

      // The spec's messages, before anything is sent.
      await dialog.submit.click();
      await expect(dialog.dialog).toContainText(ACCOUNT_MESSAGES.VERIFY_CODE_REQUIRED);
      await expect(dialog.dialog).toContainText(ACCOUNT_MESSAGES.PASSWORD_REQUIRED);
      await expect(dialog.dialog).toContainText(ACCOUNT_MESSAGES.CONFIRM_REQUIRED);
      await dialog.password.fill('abcdefgh1');
      await dialog.confirm.fill('abcdefgh2');
      await dialog.submit.click();
      await expect(dialog.dialog).toContainText(ACCOUNT_MESSAGES.PASSWORD_RULE);
      await expect(dialog.dialog).toContainText(ACCOUNT_MESSAGES.CONFIRM_MISMATCH);

      // The code: sent (验证码已发送), the button locked with a countdown.
      const since = new Date(Date.now() - 1000);
      await dialog.getCode.click();
      await expect(account.notification(ACCOUNT_MESSAGES.CODE_SENT)).toBeVisible();
      await expect(dialog.getCode).toBeDisabled();
      await expect(dialog.getCode).toHaveText(/^(60|59|58|57)秒后重新获取$/);
      const code = await smsCodeFor(mobile, since);

      // A wrong code is refused by the server; the right one changes the password.
      await dialog.code.fill(code === '000000' ? '000001' : '000000');
      await dialog.password.fill(NEW_PASSWORD);
      await dialog.confirm.fill(NEW_PASSWORD);
      await dialog.submit.click();
      await expect(account.notification(ACCOUNT_MESSAGES.VERIFY_CODE_WRONG)).toBeVisible();
      await dialog.code.fill(code);
      await dialog.submit.click();
      await expect(account.notification(ACCOUNT_MESSAGES.PASSWORD_CHANGED)).toBeVisible();
      await expect(dialog.dialog).toHaveCount(0);
    } finally {
      await context.close();
    }

    // The provider takes the new password, and no longer the old one.
    const fresh = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: SIGNED_OUT,
    });
    try {
      const page = await fresh.newPage();
      await page.goto('/home');
      const login = new LoginPage(page);
      await login.expectShown();
      await login.signIn('resetpw', DEMO_PASSWORD);
      await expect(page.getByText('账号或密码错误')).toBeVisible();
      await login.signIn('resetpw', NEW_PASSWORD);
      await page.waitForURL(LANDING_URL);
    } finally {
      await fresh.close();
    }
  });
});

async function changeAvatar(page: Page) {
  const account = new AccountPage(page);
  await account.open();
  await account.changeAvatar.click();
  const dialog = account.avatarDialog();
  await expect(dialog.dialog).toBeVisible();
  const width = await dialog.dialog.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(900);
  expect(width).toBeGreaterThan(800);
  await expect(dialog.save).toBeDisabled();
  const chooser = page.waitForEvent('filechooser');
  await dialog.choose.click();
  await (await chooser).setFiles({
    name: 'face.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#2b8a3e"/><circle cx="200" cy="150" r="90" fill="#fcc419"/></svg>',
    ),
  });
  await expect(dialog.cropArea.locator('img')).toBeVisible();
  await expect(dialog.save).toBeEnabled();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/avatar?') && r.request().method() === 'PUT',
  );
  await dialog.save.click();
  expect((await saved).status()).toBe(200);
  await expect(account.notification('图片上传成功！')).toBeVisible();
  await expect(dialog.dialog).toHaveCount(0);
  await expect(account.avatar.locator('img')).toHaveAttribute('src', /^blob:/);
}

test('registration: the code button needs a mainland mobile, codes are checked, the request is recorded', async ({
  browser,
}, testInfo) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: SIGNED_OUT,
  });
  const page = await context.newPage();
  try {
    const register = new RegisterPage(page);
    await register.open();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(register.getCode).toBeDisabled();
    for (const wrong of ['12812345678', '1391234567', '+8613912345601']) {
      await register.mobile.fill(wrong);
      await expect(register.getCode).toBeDisabled();
    }
    const mobile = '13912345601';
    await register.mobile.fill(mobile);
    await expect(register.getCode).toBeEnabled();

    await register.submit.click();
    await expect(register.root).toContainText(ACCOUNT_MESSAGES.REGISTER_NAME_REQUIRED);
    await expect(register.root).toContainText(ACCOUNT_MESSAGES.REGISTER_SMS_CODE_REQUIRED);

    // No image code to type: the page solves a proof-of-work challenge in a worker (M11).
    await expect(register.humanCheckHint).toHaveText(ACCOUNT_LABELS.HUMAN_CHECK_HINT);
    await expect(page.getByLabel('图形验证码')).toHaveCount(0);
    await expectAccessible(page);
    const since = new Date(Date.now() - 1000);
    await register.getCode.click();
    await expect(page.getByText(ACCOUNT_MESSAGES.CODE_SENT, { exact: true })).toBeVisible();
    await expect(register.getCode).toHaveText(/秒后重新获取$/);
    await expect(register.getCode).toBeDisabled();
    const code = await smsCodeFor(mobile, since);

    await register.name.fill('郑注册');
    await register.smsCode.fill(code === '000000' ? '000001' : '000000');
    await register.submit.click();
    await expect(page.getByText(ACCOUNT_MESSAGES.VERIFY_CODE_WRONG, { exact: true })).toBeVisible();
    await register.smsCode.fill(code);
    await register.submit.click();
    await expect(register.done).toHaveText(ACCOUNT_MESSAGES.REGISTRATION_SUBMITTED);

    // The request waits for approval, but the page does not tell (security review M11): asking
    // again meets the resend lock every mobile has; the phone itself gets a notice, not a code.
    await register.open();
    await register.mobile.fill(mobile);
    await register.getCode.click();
    await expect(page.getByText(/^验证码发送过于频繁，请\d+秒后再试$/)).toBeVisible();
    await expect(page.getByText(ACCOUNT_MESSAGES.REGISTRATION_PENDING)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
