// The permission map gates both ends (purchasing-core §6, settings-messaging-shared §5/§6):
// - 小林五金 (account xiaolin), whose map has no REPORT_EXPORT nor CONTRACT_EXPORT, sees no 报表导出
//   on its order and sheet, and the generate route answers its direct call 403 with the spec's
//   message;
// - 上海精工 (buyer, full map) sees 报表导出 with every template, 采购合同 among them;
// - a map without CONTRACT_EXPORT alone (the user answer rewritten on its way to the app) keeps
//   报表导出 and drops 采购合同 from it.
import type { Page } from '@playwright/test';
import { PERMISSION_CODES } from '../src/domain/account/permissionCodes';
import { COMMON_MESSAGES } from '../src/domain/messages/common';
import { appSession, bearer } from './fixtures/appSession';
import { expectAccessible } from './fixtures/axe';
import { BuyerApi } from './fixtures/BuyerApi';
import { DocumentsPage } from './fixtures/DocumentsPage';
import { DEMO_PASSWORD, type LoginPage } from './fixtures/LoginPage';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { SheetPage } from './fixtures/SheetPage';
import { LANDING_URL, type ShellPage } from './fixtures/ShellPage';
import { expect, test } from './fixtures/test';

function orderAddress(id: number): string {
  return `/order/order/detail?orderType=ALL&id=${id}&module=ORDER`;
}

/** Signs this account in through the app (each test its own: two accounts in one file). */
async function signIn(page: Page, login: LoginPage, shell: ShellPage, username: string) {
  await page.goto('/home');
  await login.expectShown();
  await login.signIn(username, DEMO_PASSWORD);
  await page.waitForURL(LANDING_URL);
  await shell.ready();
}

/** The first order of the app's current company, opened on its detail page. */
async function openFirstOrder(page: Page, api: BuyerApi) {
  const order = (await api.orders()).items[0];
  if (!order) throw new Error('the company has an order in the demo data');
  await page.goto(orderAddress(order.id));
  await expect(new OrderDetailPage(page).number).toContainText(order.name, { timeout: 20_000 });
  return order;
}

test.describe('a company without the export codes (小林五金)', () => {
  test('报表导出 is absent on the order and the sheet, and the generate route answers 403', async ({
    shell,
    login,
    page,
    request,
  }) => {
    await signIn(page, login, shell, 'xiaolin');
    const api = await BuyerApi.of(page, request);
    const documents = new DocumentsPage(page);
    const order = await openFirstOrder(page, api);
    await expect(documents.exportButton).toHaveCount(0);
    await expectAccessible(page, 'main');

    const sheet = (await api.sheets({ sheetType: 'ALL' })).items[0];
    if (!sheet) throw new Error('小林五金 has a sheet in the demo data');
    await page.goto(`/inquiry-quotation/detail?id=${sheet.id}`);
    await expect(new SheetPage(page).number).toHaveText(sheet.name, { timeout: 20_000 });
    await expect(documents.exportButton).toHaveCount(0);

    // The server refuses what the app hides: the contract and a report, by a direct call.
    const { token, companies } = await appSession(page, request);
    const companyId = companies[0]?.id;
    for (const [module, id, template] of [
      ['ORDER', order.id, 101],
      ['ORDER', order.id, 103],
      ['INQUERY_QUOTATION_SHEET', sheet.id, 201],
    ] as const) {
      const response = await request.post(
        `/template-api/v7/${module}/${id}/${template}/generate?currentCompanyId=${companyId}`,
        {
          headers: bearer(token),
          data: { module, module_id: id, template_id: template, data: {} },
        },
      );
      expect(response.status(), `${template}`).toBe(403);
      const body = (await response.json()) as { error_message?: string; error?: string };
      expect(body.error_message).toBe(COMMON_MESSAGES.NO_PERMISSION);
      expect(body.error).toBe(COMMON_MESSAGES.NO_PERMISSION);
    }
  });
});

test.describe('a company with the full map (上海精工)', () => {
  test('报表导出 lists every template, 采购合同 among them', async ({
    shell,
    login,
    page,
    request,
  }) => {
    await signIn(page, login, shell, 'buyer');
    const order = await openFirstOrder(page, await BuyerApi.of(page, request));
    const documents = new DocumentsPage(page);
    await expect(documents.exportButton).toBeEnabled();
    // Before the click: a pressed light button's hover tint is the detail page's own matter.
    await expectAccessible(page, 'main');
    const entries = await documents.entries();
    expect(entries[0]).toBe(`采购合同 采购合同-${order.name}.pdf`);
    expect(entries.map((entry) => entry.split(' ')[0])).toEqual([
      '采购合同',
      '大额订单合同报告',
      '出库单',
      '发票',
    ]);
  });

  test('without CONTRACT_EXPORT, 报表导出 stays and 采购合同 is gone from it', async ({
    shell,
    login,
    page,
    request,
  }) => {
    // The map as a company lacking the contract code would have it: the user answer, rewritten.
    await page.route('**/api/v7/user*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: { companies: { permissions: { id: string; code: string }[] }[] };
      };
      for (const company of body.data.companies) {
        company.permissions = company.permissions.filter(
          (p) => p.code !== PERMISSION_CODES.CONTRACT_EXPORT,
        );
      }
      await route.fulfill({ response, json: body });
    });
    await signIn(page, login, shell, 'buyer');
    await openFirstOrder(page, await BuyerApi.of(page, request));
    const documents = new DocumentsPage(page);
    const names = (await documents.entries()).map((entry) => entry.split(' ')[0]);
    expect(names).toEqual(['大额订单合同报告', '出库单', '发票']);
  });
});
