// Staff management on a 375 px phone: the table becomes cards, nothing is wider
// than the screen, the add form stacks (language, QQ and the bank account too), passes axe and
// works by touch.
import { STAFF_MESSAGES } from '../src/domain/staff/messages';
import { expectAccessible } from './fixtures/axe';
import { expectTouchable, pageOverflow } from './fixtures/phone';
import { StaffPage } from './fixtures/StaffPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'admin', viewport: { width: 375, height: 740 } });

test('the staff list is cards on a phone and an employee can be added', async ({ shell, page }) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const staff = new StaffPage(page);
  await staff.open();
  await expect(staff.cards).toBeVisible();
  await expect(staff.table).toHaveCount(0);
  await expect(staff.row('王建国')).toContainText('管理员');
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await expectTouchable(page, [staff.add, staff.action('王建国', '编辑')]);

  await staff.add.tap();
  const name = staff.field('姓名');
  const mobile = staff.field('手机号');
  const nameBox = await name.boundingBox();
  const mobileBox = await mobile.boundingBox();
  // The form stacks: one field under the other, each within the screen.
  expect(mobileBox?.y ?? 0).toBeGreaterThan((nameBox?.y ?? 0) + (nameBox?.height ?? 0) - 1);
  expect((mobileBox?.x ?? 0) + (mobileBox?.width ?? 999)).toBeLessThanOrEqual(375);
  for (const label of ['语言', 'QQ', '开户名', '开户行', '银行账号']) {
    const box = await staff.field(label).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999), label).toBeLessThanOrEqual(375);
  }
  await expectAccessible(page, '[role="dialog"]');
  await staff.fillForm({ name: '手机新员工', mobile: '13812340003' });
  await staff.save();
  await expect(staff.notification(STAFF_MESSAGES.ADD_SUCCESS)).toBeVisible();
  await expect(staff.row('手机新员工')).toContainText('13812340003');
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
});
