// Cancel that means what it says (purchasing-core §4.2, §7): a sheet that became an order no
// longer offers 取消采购单 (which left the order running) but the order's 申请取消; the request
// from the order detail asks for a reason (accessible dialog), goes through the outbox, reaches
// the server exactly once, and the order shows 取消申请中 (−10) on the screen and on the server.
import type { Response } from '@playwright/test';
import { orderStateLabel } from '../src/domain/orders/orderStates';
import { ORDER_CANCEL_LABELS } from '../src/domain/orders/rules';
import { expectAccessible } from './fixtures/axe';
import { BuyerApi } from './fixtures/BuyerApi';
import { ListPage } from './fixtures/ListPage';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { expectTouchable } from './fixtures/phone';
import { SheetPage } from './fixtures/SheetPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

test('an ordered sheet offers the order’s cancel request, and the request lands once', async ({
  shell,
  page,
  context,
  request,
}) => {
  await shell.openSignedIn('/home');
  const api = await BuyerApi.of(page, request);
  const sheet = (await api.sheets()).items.find(
    (candidate) =>
      candidate.order !== null &&
      ['CONTRACT_SIGNED', 'CONTRACT_ENFORCED'].includes(candidate.state),
  );
  if (!sheet?.order) throw new Error('the demo data has a sheet whose order is at 10 or 20');
  const orderId = sheet.order.id;

  const requests: Response[] = [];
  context.on('response', (response) => {
    if (
      response.request().method() === 'POST' &&
      new URL(response.url()).pathname === `/orders-api/v7/orders/${orderId}/actions`
    ) {
      requests.push(response);
    }
  });

  // The sheet: no 取消采购单, the order's request instead.
  const sheetPage = new SheetPage(page);
  await page.goto(`/inquiry-quotation/detail?id=${sheet.id}`);
  await expect(sheetPage.state).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: ORDER_CANCEL_LABELS.REQUEST })).toBeVisible();
  await expect(sheetPage.cancelSheet).toHaveCount(0);

  // The order detail: the request with its reason.
  const detail = new OrderDetailPage(page);
  await page.goto(`/order/order/detail?orderType=ALL&id=${orderId}&module=ORDER`);
  await expect(detail.number).toContainText(sheet.order.name, { timeout: 20_000 });
  await page.getByRole('button', { name: ORDER_CANCEL_LABELS.REQUEST }).click();
  const dialog = page.getByRole('dialog', { name: ORDER_CANCEL_LABELS.DIALOG_TITLE });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('请输入取消原因')).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('textbox', { name: '取消原因' }).fill('重复下单');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(ORDER_CANCEL_LABELS.QUEUED)).toBeVisible();
  await expect(detail.field('state')).toHaveText(orderStateLabel(-10));
  await expect(page.getByRole('button', { name: ORDER_CANCEL_LABELS.REQUEST })).toHaveCount(0);

  // The server has it, once.
  await shell.synced();
  await expect
    .poll(async () => (await api.orders()).items.find((o) => o.id === orderId)?.state, {
      timeout: 20_000,
    })
    .toBe(-10);
  const applied = requests.filter(
    (response) => response.ok() && response.headers()['idempotent-replayed'] !== 'true',
  );
  expect(applied).toHaveLength(1);
  // After a reload the pulled row says the same, and the sheet mirrors it.
  await page.reload();
  await expect(detail.field('state')).toHaveText(orderStateLabel(-10), { timeout: 20_000 });
  await page.goto(`/inquiry-quotation/detail?id=${sheet.id}`);
  await expect(sheetPage.state).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: ORDER_CANCEL_LABELS.REQUEST })).toHaveCount(0);
  await expect(sheetPage.cancelSheet).toHaveCount(0);
});

test('the order list offers the request as a row action, without opening the row', async ({
  shell,
  page,
  request,
}) => {
  await shell.openSignedIn('/home');
  const api = await BuyerApi.of(page, request);
  const orders = (await api.orders()).items;
  const offered = orders.find((o) => (o.state === 10 || o.state === 20) && !o.order_base_state);
  const notOffered = orders.find((o) => o.state >= 30 && !o.order_base_state);
  if (!offered || !notOffered) throw new Error('the demo data has orders before and after 30');

  await page.goto('/order/order/list?orderType=ALL');
  await shell.synced();
  const button = (name: string) =>
    page.getByRole('button', { name: `${ORDER_CANCEL_LABELS.REQUEST} ${name}` });
  await expect(button(offered.name)).toBeVisible({ timeout: 20_000 });
  await expect(button(notOffered.name)).toHaveCount(0);
  await button(offered.name).click();
  const dialog = page.getByRole('dialog', { name: ORDER_CANCEL_LABELS.DIALOG_TITLE });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '取消', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/order\/order\/list/);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('an order card offers the request; it lands and the card shows 取消申请中', async ({
    shell,
    page,
    request,
  }) => {
    await shell.openSignedIn('/home');
    const api = await BuyerApi.of(page, request);
    const offered = (await api.orders({ orderType: 'CONTRACT_SIGNED' })).items.find(
      (o) => o.state === 10 && !o.order_base_state,
    );
    if (!offered) throw new Error('the demo data has an order at 10 to cancel');

    const list = new ListPage(page);
    await list.open('/order/order/list?orderType=CONTRACT_SIGNED');
    await expect(list.table).toHaveCount(0);
    const card = list.cards.filter({ hasText: offered.name });
    const button = card.getByRole('button', {
      name: `${ORDER_CANCEL_LABELS.REQUEST} ${offered.name}`,
    });
    await expect(button).toBeVisible({ timeout: 20_000 });
    await expectTouchable(page, [button]);
    await button.click();
    const dialog = page.getByRole('dialog', { name: ORDER_CANCEL_LABELS.DIALOG_TITLE });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await dialog.getByRole('textbox', { name: '取消原因' }).fill('不再需要');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toHaveCount(0);
    // The card's click did not open the order, and the card now shows the request.
    await expect(page).toHaveURL(/\/order\/order\/list/);
    await expect(page.getByText(ORDER_CANCEL_LABELS.QUEUED)).toBeVisible();
    await expect
      .poll(async () => (await api.orders()).items.find((o) => o.id === offered.id)?.state, {
        timeout: 20_000,
      })
      .toBe(-10);
    await page.reload();
    await list.count.waitFor();
    // −10 leaves the 待付款 tab: the card is gone with its action.
    await expect(list.cards.filter({ hasText: offered.name })).toHaveCount(0, { timeout: 20_000 });
  });
});
