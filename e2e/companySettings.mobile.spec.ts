// Company settings on a 375 px phone as admin: the areas stack, nothing is wider than the screen,
// the region selects cascade by touch and the save buttons are reachable. Nothing is saved (the
// desktop spec fills the forms in).
import { CompanySettingsPage } from './fixtures/CompanySettingsPage';
import { expectTouchable, pageOverflow } from './fixtures/phone';
import { expect, test } from './fixtures/test';

test.use({ account: 'admin', viewport: { width: 375, height: 740 } });

test('company settings fit a 375 px screen and the address cascade works by touch', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const settings = new CompanySettingsPage(page);
  await settings.open();
  await expect(settings.vip).toBeVisible();
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

  // The form's fields stack: one column.
  const name = await settings.field('info', '公司名称').boundingBox();
  const shortName = await settings.field('info', '公司简称').boundingBox();
  expect(shortName?.y ?? 0).toBeGreaterThan((name?.y ?? 0) + (name?.height ?? 0));

  await settings.section('address').scrollIntoViewIfNeeded();
  await settings.choose(settings.region('address-country'), '中国 CN');
  await settings.choose(settings.region('address-province'), '江苏省');
  await settings.choose(settings.region('address-city'), '苏州市');
  await expect(settings.region('address-district')).toBeEnabled();
  await settings.choose(settings.region('address-district'), '吴中区');
  await settings.choose(settings.region('address-province'), '浙江省');
  await expect(settings.region('address-city')).toHaveValue('');
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);

  await expectTouchable(page, [
    settings.section('info').getByRole('button', { name: '保存' }),
    settings.section('invoice').getByRole('button', { name: '保存' }),
    settings.section('address').getByRole('button', { name: '保存' }),
    settings.region('address-country'),
  ]);
});
