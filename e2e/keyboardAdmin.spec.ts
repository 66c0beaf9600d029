// The keyboard pass (issue 22 item 6, keyboard.spec.ts) on the administrator's screens: the
// staff page's 添加员工 dialog opens with Enter, keeps and draws the focus, closes with Escape and
// hands the focus back; every stop of Tab on 公司设置 draws its focus, and a region is chosen by
// keyboard.
import { CompanySettingsPage } from './fixtures/CompanySettingsPage';
import { dialogByKeyboard, focusIn } from './fixtures/keyboard';
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

test('公司设置 by keyboard: every stop of Tab on the page draws its focus; a region is chosen with the keys', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/user/company-setting');
  const settings = new CompanySettingsPage(page);
  await expect(settings.field('info', '公司名称')).toBeEnabled({ timeout: 20_000 });
  const main = page.locator('main');
  await settings.field('info', '公司名称').focus();
  const stops: string[] = [];
  for (let step = 0; step < 80; step += 1) {
    await page.keyboard.press('Tab');
    const seen = await focusIn(page, main);
    if (!seen.inside) break;
    const name = await page.evaluate(() => {
      const element = document.activeElement;
      return `${element?.tagName} ${element?.getAttribute('aria-label') ?? element?.id ?? ''}`;
    });
    stops.push(name);
    expect(seen.drawn, `focus drawn on ${name}`).toBe(true);
  }
  // The three forms' fields and buttons were all passed (more than a form's worth).
  expect(stops.length).toBeGreaterThan(15);

  // A region select: typed into, an option picked with the arrows and Enter.
  const country = settings.region('address-country');
  await country.focus();
  await page.keyboard.type('中国');
  // The options are filtered as typed: the arrow goes to the first once the list shows it.
  await expect(page.getByRole('option', { name: '中国 CN' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue('中国 CN');
  await expect(settings.region('address-province')).toBeEnabled();
});
