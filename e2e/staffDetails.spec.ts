// The employee's language, QQ and bank account (settings-messaging-shared §3 "Contact or
// employee") as `admin` records them: the form refuses a bad QQ and a bank account without its
// bank, saves, and after a reload the edit form shows what the server kept. axe checks the dialog.
// Only an employee this spec creates is changed (the demo data is shared by every spec).
import { COMPANY_MESSAGES } from '../src/domain/company/messages';
import { STAFF_MESSAGES } from '../src/domain/staff/messages';
import { STAFF_RULE_MESSAGES } from '../src/domain/staff/staffText';
import { expectAccessible } from './fixtures/axe';
import { StaffPage } from './fixtures/StaffPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'admin' });

test('records an employee’s language, QQ and bank account, kept after a reload', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const staff = new StaffPage(page);
  await staff.open();
  await staff.add.click();
  await staff.fillForm({ name: '测试详情员工', mobile: '13812340004' });
  await staff.save();
  await expect(staff.notification(STAFF_MESSAGES.ADD_SUCCESS)).toBeVisible();

  await staff.action('测试详情员工', '编辑').click();
  await expect(staff.field('姓名')).toHaveValue('测试详情员工');
  await expectAccessible(page, '[role="dialog"]');
  await staff.field('语言').click();
  await page.getByRole('option', { name: '英文' }).click();
  await staff.field('QQ').fill('0123');
  await staff.field('开户名').fill('测试详情员工');
  await staff.save();
  await expect(staff.form).toContainText(STAFF_RULE_MESSAGES.QQ_INVALID);
  await expect(staff.form).toContainText(COMPANY_MESSAGES.BANK_NAME_REQUIRED);
  await expect(staff.form).toContainText(COMPANY_MESSAGES.BANK_ACCOUNT_REQUIRED);
  await expectAccessible(page, '[role="dialog"]');

  await staff.field('QQ').fill('12345678');
  await staff.field('开户行').fill('中国工商银行');
  await staff.field('银行账号').fill('6222 0212 0000 8888');
  await staff.save();
  await expect(staff.notification(STAFF_MESSAGES.EDIT_SUCCESS)).toBeVisible();
  await expect(staff.form).toHaveCount(0);

  await page.reload();
  await staff.heading.waitFor();
  await staff.action('测试详情员工', '编辑').click();
  await expect(staff.field('语言')).toHaveValue('英文');
  await expect(staff.field('QQ')).toHaveValue('12345678');
  await expect(staff.field('开户名')).toHaveValue('测试详情员工');
  await expect(staff.field('开户行')).toHaveValue('中国工商银行');
  await expect(staff.field('银行账号')).toHaveValue('6222 0212 0000 8888');
});
