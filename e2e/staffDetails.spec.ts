// The employee form as `admin` uses it: language, QQ and bank account (settings-messaging-shared
// §3 "Contact or employee") refused when bad, saved and shown again after a reload, axe on the
// dialog; and the login-user picker (§5 "Shared widgets", audit S45) searching by mobile for
// digits, else by name. Only an employee this spec creates is changed (the demo data is shared).
import { COMPANY_MESSAGES } from '../src/domain/company/messages';
import { STAFF_MESSAGES } from '../src/domain/staff/messages';
import { STAFF_LABELS, STAFF_RULE_MESSAGES } from '../src/domain/staff/staffText';
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

test('the login-user picker searches by mobile for digits, else by name', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const staff = new StaffPage(page);
  await staff.open();
  await staff.add.click();
  const picker = staff.field(STAFF_LABELS.LOGIN_USER_SEARCH);
  const search = (param: 'mobile' | 'name', value: string) =>
    page.waitForRequest((request) => {
      const url = new URL(request.url());
      return (
        url.pathname.endsWith('/employees/login_users') && url.searchParams.get(param) === value
      );
    });

  // 李娜's login user (buyer): a fragment from the middle of its mobile, as shown in her row.
  const mobiles = (await staff.row('李娜').innerText()).match(/1[3-9]\d{9}/g) ?? [];
  const fragment = mobiles.at(-1)?.slice(3, 8);
  if (!fragment) throw new Error('李娜 has a login user with a mobile');
  const byMobile = search('mobile', fragment);
  await picker.fill(fragment);
  await byMobile;
  // The account is listed but held by 李娜, so it cannot be bound again.
  const held = page.getByRole('option', { name: /@buyer/ });
  await expect(held).toContainText('李娜');
  await expect(held).toHaveAttribute('aria-disabled', 'true');

  const byName = search('name', 'buyer');
  await picker.fill('buyer');
  await byName;
  await expect(page.getByRole('option', { name: /@buyer/ })).toBeVisible();

  const nothing = search('name', '查无此人');
  await picker.fill('查无此人');
  await nothing;
  await expect(page.getByText(STAFF_LABELS.LOGIN_USER_NONE)).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(0);
});
