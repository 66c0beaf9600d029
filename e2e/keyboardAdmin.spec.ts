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
  test.setTimeout(60_000);
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

  // A region chosen with the keys: the address country typed into, the option reached with the
  // arrow and taken with Enter. The country taken first is one the field does not hold, so the
  // choice changes the address (an earlier file of the same run, companySettings.spec.ts, saves
  // 中国 CN as this company's address); then the held one is chosen again.
  const country = settings.region('address-country');
  const held = await country.inputValue();
  const target =
    held === '中国 CN' ? { typed: '美国', name: '美国 US' } : { typed: '中国', name: '中国 CN' };
  await country.focus();
  // The searchable select opens on focus.
  await expect(country).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(target.typed);
  const list = page.getByRole('listbox');
  const option = list.getByRole('option', { name: target.name, exact: true });
  // The filter has applied: the typed country heads the list.
  await expect(list.getByRole('option').first()).toHaveAccessibleName(target.name);
  await page.keyboard.press('ArrowDown');
  // The arrow marks it (Mantine's keyboard mark, not aria-selected: that is the held value) and
  // the field points at it; only then does Enter take it.
  await expect(option).toHaveAttribute('data-combobox-selected', 'true');
  await expect(country).toHaveAttribute(
    'aria-activedescendant',
    (await option.getAttribute('id')) ?? '',
  );
  await page.keyboard.press('Enter');
  await expect(country).toHaveValue(target.name);
  await expect(country).toHaveAttribute('aria-expanded', 'false');
  await expect(country).toBeFocused();
  // The choice took: the province below is emptied and becomes the new country's list.
  const province = settings.region('address-province');
  await expect(province).toHaveValue('');
  await expect(province).toHaveAttribute('role', 'combobox');
  await expect(province).toBeEnabled();

  // The option the field now holds, chosen again: the field shows its label at once, not the
  // typed text (RegionSelect keeps the search text; Mantine alone left it until blur).
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(target.typed);
  await expect(list.getByRole('option').first()).toHaveAccessibleName(target.name);
  await page.keyboard.press('ArrowDown');
  await expect(option).toHaveAttribute('data-combobox-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(country).toBeFocused();
  await expect(country).toHaveValue(target.name);
  await expect(country).toHaveAttribute('aria-expanded', 'false');
});
