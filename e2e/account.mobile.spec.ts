// The personal centre on a 375 px phone (phone-sized screens): nothing wider than the
// screen, the panels stack, the controls are tappable, and the reset-password dialog fits.
import { AccountPage, RegisterPage } from './fixtures/AccountPage';
import { expectAccessible } from './fixtures/axe';
import { expectTouchable, pageOverflow } from './fixtures/phone';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 } });

test('the personal centre fits a 375 px screen, panels stacked, dialogs usable', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/home');
  const account = new AccountPage(page);
  await account.open();
  await expect(account.name).toHaveText('李娜');
  await expect(account.vipPanel).toBeVisible();
  await expect(account.salesManager).toBeVisible();
  await expect(account.myCompanies).toHaveCount(2);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

  // Stacked: each panel starts below the one before and spans most of the screen.
  const boxes = [];
  for (const panel of [account.vipPanel, account.salesManager, account.myCompanies.first()]) {
    boxes.push(await panel.boundingBox());
  }
  expect((boxes[1]?.y ?? 0) > (boxes[0]?.y ?? 0)).toBe(true);
  expect(boxes[0]?.width ?? 0).toBeGreaterThan(300);
  // The VIP fields stack too: amount below validity.
  const validity = await account.vipPanel.getByTestId('vip-validity').boundingBox();
  const amount = await account.vipPanel.getByTestId('vip-amount').boundingBox();
  expect((amount?.y ?? 0) > (validity?.y ?? 0)).toBe(true);
  await expectTouchable(page, [account.changeAvatar, account.resetPassword]);

  await account.resetPassword.tap();
  const dialog = account.passwordDialog();
  await expect(dialog.dialog).toBeVisible();
  await expectTouchable(page, [dialog.getCode, dialog.submit, dialog.code]);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await dialog.submit.tap();
  await expect(dialog.dialog).toContainText('请输入验证码');
});

test('registration at 375 px: fits the screen and passes the WCAG AA checks', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    ...testInfo.project.use,
    viewport: { width: 375, height: 740 },
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  try {
    const register = new RegisterPage(page);
    await register.open();
    await expect(register.getCode).toBeVisible();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await register.submit.click();
    await expect(register.root).toContainText('请输入');
    await expectAccessible(page);
  } finally {
    await context.close();
  }
});
