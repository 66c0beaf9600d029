// Staff management as `admin`: add and edit an employee with the form's
// refusals, hand over the dedicated `leaver` (赵立) to a successor, his sign-in refused in a fresh
// browser, restore him, delete a departed employee, and the read-only offline view. Only rows this
// spec creates, and `leaver`, are changed (the demo data is shared by every spec of the run).
import {
  restoreConfirmMessage,
  restoreSuccessMessage,
  STAFF_MESSAGES,
} from '../src/domain/staff/messages';
import { STAFF_LABELS, STAFF_RULE_MESSAGES } from '../src/domain/staff/staffText';
import { DEMO_PASSWORD, LoginPage } from './fixtures/LoginPage';
import { LANDING_URL } from './fixtures/ShellPage';
import { StaffPage } from './fixtures/StaffPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'admin' });

const SUCCESSOR = '赵磊';

test.beforeEach(async ({ shell }) => {
  await shell.openSignedIn('/home');
  await shell.synced();
});

test('adds an employee after the form’s refusals, edits and cancels', async ({ page }) => {
  const staff = new StaffPage(page);
  await staff.open();
  await expect(staff.onDuty).toBeChecked();
  await expect(staff.departed).not.toBeChecked();
  for (const header of [
    '头像',
    '姓名',
    '性别',
    '手机号',
    '状态',
    '登录用户',
    '登录用户手机号',
    '操作',
  ]) {
    await expect(
      staff.table.getByRole('columnheader', { name: header, exact: true }),
    ).toBeVisible();
  }
  await expect(staff.row('王建国')).toContainText('管理员');
  await expect(staff.row('王建国')).toContainText('admin');
  // Administrators are never handed over; on-duty staff is never deleted.
  await expect(staff.action('王建国', '离职交接')).toHaveCount(0);
  await expect(staff.action(SUCCESSOR, '删除')).toHaveCount(0);

  // At least one filter stays ticked.
  await staff.onDuty.click();
  await expect(staff.onDuty).toBeChecked();

  await staff.add.click();
  // The login-user picker says it finds only the company's own accounts (security review M9).
  await expect(staff.form).toContainText(STAFF_LABELS.LOGIN_USER_SCOPE);
  await staff.save();
  await expect(staff.form).toContainText(STAFF_MESSAGES.NAME_REQUIRED);
  await expect(staff.form).toContainText(STAFF_MESSAGES.MOBILE_REQUIRED);
  await staff.fillForm({ name: '测试新员工', mobile: '1381234' });
  await staff.save();
  await expect(staff.form).toContainText(STAFF_MESSAGES.MOBILE_INVALID);
  await expect(staff.field('姓名')).toHaveValue('测试新员工');
  // The landline takes a country code (the shared phone input) and its length rule.
  await staff.form.getByLabel('座机国家/地区').click();
  await page.getByRole('option', { name: '德国 +49' }).click();
  await staff.field('座机').fill('301234');
  await staff.save();
  await expect(staff.form).toContainText('格式不正确！');
  await staff.field('座机').fill('3012345678');
  await staff.fillForm({ mobile: '13812340001', position: '实习生' });
  await staff.save();
  await expect(staff.notification(STAFF_MESSAGES.ADD_SUCCESS)).toBeVisible();
  await expect(staff.form).toHaveCount(0);
  await expect(staff.row('测试新员工')).toContainText('13812340001');
  await expect(staff.row('测试新员工')).toContainText('在职');

  await staff.action('测试新员工', '编辑').click();
  await expect(staff.field('职位')).toHaveValue('实习生');
  await expect(staff.form.getByLabel('座机国家/地区')).toHaveValue('德国 +49');
  await expect(staff.field('座机')).toHaveValue('3012345678');
  await staff.fillForm({ name: '测试已编辑' });
  await staff.save();
  await expect(staff.notification(STAFF_MESSAGES.EDIT_SUCCESS)).toBeVisible();
  await expect(staff.row('测试已编辑')).toBeVisible();

  await staff.action('测试已编辑', '编辑').click();
  await expect(staff.field('姓名')).toHaveValue('测试已编辑');
  await staff.fillForm({ name: '不会保存' });
  await staff.form.getByRole('button', { name: '取消' }).click();
  await expect(staff.form).toHaveCount(0);
  await expect(staff.row('测试已编辑')).toBeVisible();
  await expect(staff.row('不会保存')).toHaveCount(0);
});

test('hands over leaver, whose sign-in is then refused, and restores him', async ({
  page,
  browser,
}, testInfo) => {
  const staff = new StaffPage(page);
  await staff.open();
  await expect(staff.row('赵立')).toContainText('leaver');

  // No successor chosen: 请选择交接人.
  await staff.action('赵立', '离职交接').click();
  await staff.handover.getByRole('button', { name: '离职交接' }).click();
  await expect(staff.handover).toContainText(STAFF_MESSAGES.SUCCESSOR_REQUIRED);
  await staff.handover.getByRole('button', { name: '取消' }).click();

  await staff.handOver('赵立', SUCCESSOR);
  await expect(staff.confirmDialog).toContainText(STAFF_MESSAGES.LEAVE_CONFIRM);
  await staff.answer(true);
  await expect(staff.notification(STAFF_MESSAGES.HANDOVER_SUCCESS)).toBeVisible();
  await expect(staff.row('赵立')).toHaveCount(0);
  await staff.departed.check();
  await expect(staff.row('赵立')).toContainText('离职');

  // A fresh browser signing in as leaver hears why it is refused.
  const fresh = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: { cookies: [], origins: [] },
  });
  try {
    const other = await fresh.newPage();
    await other.goto('/home');
    const login = new LoginPage(other);
    await login.expectShown();
    await login.signIn('leaver', DEMO_PASSWORD);
    await expect(other.getByRole('alert')).toHaveText(STAFF_RULE_MESSAGES.SIGN_IN_DEPARTED);
    await expect(other).toHaveURL(/\/oidc\//);
  } finally {
    await fresh.close();
  }

  await staff.action('赵立', '恢复在职').click();
  await expect(staff.confirmDialog).toContainText(restoreConfirmMessage('赵立'));
  await staff.answer(true);
  await expect(staff.notification(restoreSuccessMessage('赵立'))).toBeVisible();
  await expect(staff.row('赵立')).toContainText('在职');

  // Back on duty, he signs in again.
  const again = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: { cookies: [], origins: [] },
  });
  try {
    const other = await again.newPage();
    await other.goto('/home');
    const login = new LoginPage(other);
    await login.expectShown();
    await login.signIn('leaver', DEMO_PASSWORD);
    await other.waitForURL(LANDING_URL);
  } finally {
    await again.close();
  }
});

test('deletes a departed employee after the warning', async ({ page }) => {
  const staff = new StaffPage(page);
  await staff.open();
  await staff.add.click();
  await staff.fillForm({ name: '待删除员工', mobile: '13812340002' });
  await staff.save();
  await expect(staff.notification(STAFF_MESSAGES.ADD_SUCCESS)).toBeVisible();
  await staff.handOver('待删除员工', SUCCESSOR);
  await staff.answer(true);
  await expect(staff.notification(STAFF_MESSAGES.HANDOVER_SUCCESS)).toBeVisible();

  await staff.departed.check();
  await staff.onDuty.uncheck();
  await expect(staff.row(SUCCESSOR)).toHaveCount(0);
  await staff.action('待删除员工', '删除').click();
  await expect(staff.confirmDialog).toContainText(STAFF_MESSAGES.DELETE_CONFIRM);
  await staff.answer(false);
  await expect(staff.row('待删除员工')).toBeVisible();
  await staff.action('待删除员工', '删除').click();
  await staff.answer(true);
  await expect(staff.notification(STAFF_MESSAGES.DELETE_SUCCESS)).toBeVisible();
  await expect(staff.row('待删除员工')).toHaveCount(0);
});

test('offline, the list stays readable and every change is disabled with the reason', async ({
  page,
  context,
}) => {
  const staff = new StaffPage(page);
  await staff.open();
  await expect(staff.row(SUCCESSOR)).toBeVisible();
  await context.setOffline(true);
  try {
    await expect(page.getByTestId('staff-offline')).toContainText(
      STAFF_RULE_MESSAGES.OFFLINE_READ_ONLY,
    );
    await expect(staff.add).toBeDisabled();
    await expect(staff.action(SUCCESSOR, '编辑')).toBeDisabled();
    await expect(staff.action(SUCCESSOR, '离职交接')).toBeDisabled();
    await expect(staff.row(SUCCESSOR)).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await expect(staff.add).toBeEnabled();
});
