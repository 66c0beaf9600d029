// Correcting an order's expected arrival date (purchasing-core §2.4, §7.1 PATCH): picked offline on
// the order detail (axe on the dialog, no day before today), shown at once, and after reconnecting
// on the server from exactly one applied request; a signed-for order offers no change; at 375 px
// the button is a touch target and the dialog fits and passes axe.
import type { Response } from '@playwright/test';
import { FORECAST_LABELS } from '../src/domain/orders/forecast';
import { expectAccessible } from './fixtures/axe';
import { BuyerApi } from './fixtures/BuyerApi';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { expectTouchable, pageOverflow } from './fixtures/phone';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

/** A date `days` from now in Shanghai (the demo's timezone), YYYY-MM-DD. */
const dayFromNow = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
    new Date(Date.now() + days * 86_400_000),
  );

test('the buyer corrects an expected arrival date offline; it lands once', async ({
  shell,
  page,
  context,
  request,
}) => {
  await shell.openSignedIn('/home');
  const api = await BuyerApi.of(page, request);
  const orders = (await api.orders()).items;
  // The last confirmed, not yet signed-for order: the other specs read the first ones.
  const order = orders.filter((o) => o.state >= 40 && o.state < 90 && !o.order_base_state).at(-1);
  const signed = orders.find((o) => o.state === 90 && !o.order_base_state);
  if (!order || !signed) throw new Error('the demo data has orders between 40 and 90, and at 90');

  const patches: Response[] = [];
  context.on('response', (response) => {
    if (
      response.request().method() === 'PATCH' &&
      new URL(response.url()).pathname === `/orders-api/v7/orders/${order.id}/forecast_receive_date`
    ) {
      patches.push(response);
    }
  });

  const detail = new OrderDetailPage(page);
  await page.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`);
  await expect(detail.number).toContainText(order.name, { timeout: 20_000 });
  await shell.synced();

  await context.setOffline(true);
  const target = dayFromNow(40);
  await page.getByRole('button', { name: FORECAST_LABELS.DIALOG_TITLE }).click();
  const dialog = page.getByRole('dialog', { name: FORECAST_LABELS.DIALOG_TITLE });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: FORECAST_LABELS.FIELD }).click();
  // Yesterday cannot be picked (when the calendar shows it).
  const yesterday = page.getByRole('button', { name: dayFromNow(-1), exact: true });
  if ((await yesterday.count()) > 0) await expect(yesterday).toBeDisabled();
  const day = page.getByRole('button', { name: target, exact: true });
  while ((await day.count()) === 0) await page.getByRole('button', { name: '下个月' }).click();
  await day.click();
  await dialog.getByRole('button', { name: FORECAST_LABELS.SAVE }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(FORECAST_LABELS.QUEUED)).toBeVisible();
  await expect(detail.field('forecast')).toContainText(target);
  await expect(shell.syncStatus).not.toHaveAttribute('data-tone', 'synced');
  expect(patches).toHaveLength(0);

  await context.setOffline(false);
  await shell.synced();
  await expect
    .poll(
      async () => (await api.orders()).items.find((o) => o.id === order.id)?.forecast_receive_date,
      { timeout: 20_000 },
    )
    .toBe(target);
  const applied = patches.filter(
    (response) => response.ok() && response.headers()['idempotent-replayed'] !== 'true',
  );
  expect(applied).toHaveLength(1);
  await page.reload();
  await expect(detail.field('forecast')).toContainText(target, { timeout: 20_000 });

  // Signed for: the date is hidden (§2.4), and with it any change.
  await page.goto(`/order/order/detail?orderType=ALL&id=${signed.id}&module=ORDER`);
  await expect(detail.number).toContainText(signed.name, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: FORECAST_LABELS.DIALOG_TITLE })).toHaveCount(0);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the change is a touch target and its dialog fits the phone and passes axe', async ({
    shell,
    page,
    request,
  }) => {
    await shell.openSignedIn('/home');
    const api = await BuyerApi.of(page, request);
    const order = (await api.orders()).items.find(
      (o) => o.state >= 40 && o.state < 90 && !o.order_base_state,
    );
    if (!order) throw new Error('the demo data has an order between 40 and 90');
    const detail = new OrderDetailPage(page);
    await page.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`);
    await expect(detail.number).toContainText(order.name, { timeout: 20_000 });
    const edit = page.getByRole('button', { name: FORECAST_LABELS.DIALOG_TITLE });
    await expectTouchable(page, [edit]);
    await edit.click();
    const dialog = page.getByRole('dialog', { name: FORECAST_LABELS.DIALOG_TITLE });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    const box = await dialog.getByRole('button', { name: FORECAST_LABELS.FIELD }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(375);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: FORECAST_LABELS.CANCEL, exact: true }).click();
    await expect(dialog).toHaveCount(0);
  });
});
