// Company settings as admin, administrator of 上海精工 (VIP; country and
// province held, city still open, no invoice info or address in the demo): company info with the
// location confirmation and the lock, the logo, invoice info for CN with its required fields and
// cascading clears, the delivery address cascade with set and update, offline read-only; as buyer
// the page and the server refuse.
import { COMPANY_MESSAGES as C } from '../src/domain/company/messages';
import { COMPANY_SETTINGS_MESSAGES as S } from '../src/domain/company/settingsMessages';
import { COMMON_MESSAGES } from '../src/domain/messages/common';
import { NO_PERMISSION_PATH, NO_PERMISSION_TEXT } from '../src/domain/routes';
import { CompanyApi, CompanySettingsPage } from './fixtures/CompanySettingsPage';
import { DEMO_PASSWORD, LoginPage } from './fixtures/LoginPage';
import { LANDING_URL } from './fixtures/ShellPage';
import { expect, test } from './fixtures/test';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);

test.use({ account: 'admin' });

test.describe('as the administrator', () => {
  test.beforeEach(async ({ shell }) => {
    await shell.openSignedIn('/home');
    await shell.synced();
  });

  test('company info: bad email refused, the first city asks for confirmation, then locks', async ({
    page,
    request,
  }) => {
    const settings = new CompanySettingsPage(page);
    const api = await CompanyApi.of(page, request);
    await settings.open();
    await expect(settings.vip).toContainText('返利余额');
    await expect(settings.vip).toContainText('¥12,860.50');
    // Country and province are held by the server: locked; the city is still open.
    await expect(settings.region('company-country')).toBeDisabled();
    await expect(settings.region('company-province')).toBeDisabled();
    await expect(settings.region('company-city')).toBeEnabled();

    await settings.field('info', '公司邮箱').fill('purchase@');
    await settings.save('info');
    await expect(settings.section('info')).toContainText(C.EMAIL_INVALID);
    await settings.field('info', '公司邮箱').fill('caigou@sh-jinggong.example');
    await settings.field('info', '公司网址').fill('www.jinggong-e2e.example');
    await settings.choose(settings.region('company-city'), '上海市');

    // Declining the confirmation saves nothing.
    await settings.save('info');
    await expect(settings.dialog).toContainText(C.LOCATION_CONFIRM);
    await settings.dialog.getByRole('button', { name: '取消' }).click();
    expect((await api.company()).city).toBeNull();

    await settings.save('info');
    await settings.dialog.getByRole('button', { name: '确定' }).click();
    await expect(settings.notification(C.INFO_SAVED)).toBeVisible();
    await expect(settings.region('company-city')).toBeDisabled();
    expect(await api.company()).toMatchObject({
      city: '上海市',
      email: 'caigou@sh-jinggong.example',
      website: 'www.jinggong-e2e.example',
    });
    // The server keeps the lock too, with its message.
    expect(await api.putCompany({ city: '北京市' })).toEqual({
      status: 400,
      message: S.LOCATION_LOCKED,
    });
    // A later save of other fields asks nothing.
    await expect(settings.field('info', '公司网址')).toHaveValue('www.jinggong-e2e.example');
    await settings.field('info', '公司网址').fill('www.jinggong-e2e2.example');
    await settings.save('info');
    await expect(settings.dialog).toBeHidden();
    await expect.poll(async () => (await api.company()).website).toBe('www.jinggong-e2e2.example');
  });

  test('the logo is uploaded and replaced', async ({ page, request }) => {
    const settings = new CompanySettingsPage(page);
    const api = await CompanyApi.of(page, request);
    await settings.open();
    await expect(settings.section('info').getByRole('button', { name: '上传Logo' })).toBeVisible();
    await settings.uploadLogo('logo.png', PNG);
    await expect(settings.notification('图片上传成功！')).toBeVisible();
    await expect(settings.logo).not.toHaveAttribute('data-logo', '');
    const first = (await api.company()).logo?.url;
    expect(first).toContain('logo.png');
    await expect(settings.section('info').getByRole('button', { name: '更换Logo' })).toBeVisible();
    await settings.uploadLogo('logo-new.png', PNG);
    await expect.poll(async () => (await api.company()).logo?.url).toContain('logo-new.png');
    await expect(settings.logo).toHaveAttribute('data-logo', /logo-new\.png/);
  });

  test('invoice info for CN: required fields, cascading clears, saved', async ({
    page,
    request,
  }) => {
    const settings = new CompanySettingsPage(page);
    const api = await CompanyApi.of(page, request);
    await settings.open();
    const invoice = settings.section('invoice');
    await settings.save('invoice');
    for (const message of [
      C.TAX_CODE_REQUIRED,
      C.BANK_NAME_REQUIRED,
      C.BANK_ACCOUNT_REQUIRED,
      C.INVOICE_CONTACT_NAME_REQUIRED,
      C.INVOICE_CONTACT_PHONE_REQUIRED,
      C.INVOICE_STREET_REQUIRED,
    ]) {
      await expect(invoice).toContainText(message);
    }
    await settings.field('invoice', '纳税号').fill('91310115MA1H8XK27C');
    await settings.field('invoice', '开户行').fill('中国工商银行');
    await settings.field('invoice', '帐号').fill('1001 2345 6789 0000 123');
    await settings.field('invoice', '开票地址').fill('上海市浦东新区张江路100号');
    await settings.field('invoice', '开票电话').fill('021-58881234');
    await settings.field('invoice', '收件人姓名').fill('王建国');
    await settings.field('invoice', '收件人电话').fill('13800138000');
    await settings.choose(settings.region('invoice-country'), '中国 CN');
    await settings.choose(settings.region('invoice-province'), '江苏省');
    await settings.choose(settings.region('invoice-city'), '苏州市');
    await settings.choose(settings.region('invoice-district'), '吴中区');
    await settings.region('invoice-street').fill('旺山路1号');
    // A new province clears the city (and its district).
    await settings.choose(settings.region('invoice-province'), '浙江省');
    await expect(settings.region('invoice-city')).toHaveValue('');
    await expect(settings.region('invoice-district')).toHaveValue('');
    // A new country clears province, city, district and street.
    await settings.choose(settings.region('invoice-city'), '杭州市');
    await settings.choose(settings.region('invoice-country'), '美国 US');
    await expect(settings.region('invoice-province')).toHaveValue('');
    await expect(settings.region('invoice-city')).toHaveValue('');
    await expect(settings.region('invoice-street')).toHaveValue('');

    await settings.choose(settings.region('invoice-country'), '中国 CN');
    await settings.choose(settings.region('invoice-province'), '上海市');
    await settings.choose(settings.region('invoice-city'), '上海市');
    await settings.choose(settings.region('invoice-district'), '浦东新区');
    await settings.region('invoice-street').fill('张江路100号 财务部');
    await settings.save('invoice');
    await expect(settings.notification(S.INVOICE_SAVED)).toBeVisible();
    const saved = await api.company();
    expect(saved.invoice).toMatchObject({
      tax_code: '91310115MA1H8XK27C',
      partner_tax: { invoice_bank_name: '中国工商银行', invoice_phone: '021-58881234' },
      partner_address: {
        country: 'CN',
        province: '上海市',
        city: '上海市',
        district: '浦东新区',
        street: '张江路100号 财务部',
      },
    });
  });

  test('delivery address: cascade, phone rule, set then update', async ({ page, request }) => {
    const settings = new CompanySettingsPage(page);
    const api = await CompanyApi.of(page, request);
    await settings.open();
    const address = settings.section('address');
    await settings.save('address');
    for (const message of [
      C.DELIVERY_COUNTRY_REQUIRED,
      C.DELIVERY_STREET_REQUIRED,
      C.DELIVERY_CONTACT_NAME_REQUIRED,
      C.DELIVERY_CONTACT_PHONE_REQUIRED,
    ]) {
      await expect(address).toContainText(message);
    }
    await settings.choose(settings.region('address-country'), '中国 CN');
    await settings.choose(settings.region('address-province'), '江苏省');
    await settings.choose(settings.region('address-city'), '苏州市');
    await settings.choose(settings.region('address-district'), '吴中区');
    // Changing a level clears the levels below it.
    await settings.choose(settings.region('address-province'), '上海市');
    await expect(settings.region('address-city')).toHaveValue('');
    await expect(settings.region('address-district')).toHaveValue('');
    await expect(settings.region('address-district')).toBeDisabled();
    await settings.choose(settings.region('address-city'), '上海市');
    await settings.choose(settings.region('address-district'), '浦东新区');
    await settings.region('address-street').fill('张江路100号 3号门');
    await settings.field('address', '联系人').fill('王建国');
    await settings.field('address', '联系电话').fill('1380013800');
    await settings.save('address');
    await expect(address).toContainText(C.DELIVERY_CONTACT_PHONE_INVALID);
    await settings.field('address', '联系电话').fill('13800138000');
    await settings.field('address', '邮编').fill('201203');
    await settings.save('address');
    await expect(settings.notification(C.DELIVERY_ADDRESS_SET)).toBeVisible();
    await expect
      .poll(async () => (await api.company()).default_address)
      .toMatchObject({ province: '上海市', district: '浦东新区', contacts_phone: '13800138000' });

    // Once set, saving updates it.
    await expect(settings.region('address-street')).toHaveValue('张江路100号 3号门');
    await settings.region('address-street').fill('张江路100号 5号门');
    await settings.save('address');
    await expect(settings.notification(C.DELIVERY_ADDRESS_UPDATED)).toBeVisible();
    expect((await api.company()).default_address).toMatchObject({ street: '张江路100号 5号门' });
  });

  test('offline the last synced data is shown read-only with the reason', async ({
    page,
    context,
  }) => {
    const settings = new CompanySettingsPage(page);
    await settings.open();
    await expect(settings.field('info', '公司名称')).toHaveValue('上海精工机械有限公司');
    await context.setOffline(true);
    await expect(settings.offline).toContainText(COMMON_MESSAGES.OFFLINE_ACTION);
    await expect(settings.field('info', '公司名称')).toBeDisabled();
    await expect(settings.field('info', '公司名称')).toHaveValue('上海精工机械有限公司');
    await expect(settings.section('address').getByRole('button', { name: '保存' })).toBeDisabled();
    await context.setOffline(false);
    await expect(settings.offline).toBeHidden();
    await expect(settings.field('info', '公司名称')).toBeEnabled();
  });
});

test('as a clerk, company settings are refused: the no-permission page and 403 from the server', async ({
  browser,
  request,
}, testInfo) => {
  // The worker signs in admin; the clerk signs in at the provider in a context of her own.
  const context = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: { cookies: [], origins: [] },
  });
  const page = await context.newPage();
  try {
    await page.goto('/home');
    const login = new LoginPage(page);
    await login.expectShown();
    await login.signIn('buyer', DEMO_PASSWORD);
    await page.waitForURL(LANDING_URL);
    await page.goto('/user/company-setting');
    await page.waitForURL(`**${NO_PERMISSION_PATH}`);
    await expect(page.getByText(NO_PERMISSION_TEXT)).toBeVisible();
    const api = await CompanyApi.of(page, request);
    expect(await api.putCompany({ website: 'www.clerk.example' })).toEqual({
      status: 403,
      message: COMMON_MESSAGES.NO_PERMISSION,
    });
  } finally {
    await context.close();
  }
});
