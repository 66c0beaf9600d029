// The keyboard pass (issue 22 item 6, keyboard.spec.ts) on the administrator's screens: the
// staff page's 添加员工 dialog opens with Enter, keeps and draws the focus, closes with Escape and
// hands the focus back.
import { dialogByKeyboard } from './fixtures/keyboard';
import { expect, test } from './fixtures/test';

test.use({ account: 'admin' });

test('添加员工 on the staff page: opened by Enter, focus trapped and drawn, Escape returns it', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/user/personnel-list');
  const add = page.getByRole('button', { name: '添加员工' });
  await expect(add).toBeEnabled({ timeout: 20_000 });
  await dialogByKeyboard(
    page,
    add,
    page.getByRole('dialog').filter({ has: page.getByTestId('staff-form') }),
  );
});
