// Changing an order's owner offline (issue 6 item 3, DESIGN §4 outbox): the new owner shows at
// once with the 待同步 marker while the server still has the old one; back online the change
// reaches the server exactly once and the marker goes.
import type { Response } from '@playwright/test';
import { BuyerApi } from './fixtures/BuyerApi';
import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

test('an owner change made offline shows at once and is applied once after reconnecting', async ({
  shell,
  page,
  context,
  request,
}) => {
  await shell.openSignedIn('/home');
  const api = await BuyerApi.of(page, request);
  const order = (await api.orders()).items.find(
    (candidate) => candidate.state < 90 && candidate.state > 0 && !candidate.order_base_state,
  );
  if (!order) throw new Error('the demo data has an order in progress');
  const before = order.current_order_node.contacts_user;
  const newOwner = (await api.staff()).find((person) => person.id !== before?.id);
  if (!newOwner) throw new Error('the company has another in-service colleague');

  // Every answer to the owner change the engine sends (from its worker), replays included.
  const applied: Response[] = [];
  context.on('response', (response) => {
    if (
      response.request().method() === 'PUT' &&
      new URL(response.url()).pathname === `/orders-api/v7/orders/${order.id}/follower`
    ) {
      applied.push(response);
    }
  });

  const detail = new OrderDetailPage(page);
  await page.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`);
  await expect(detail.number).toContainText(order.name, { timeout: 20_000 });
  await expect(detail.owner).toHaveText(before?.name ?? '未指定');

  await context.setOffline(true);
  await detail.chooseOwner(newOwner.name.slice(0, 1), newOwner.name);
  await expect(page.getByText('采购单负责人变更成功')).toBeVisible();
  await expect(detail.owner).toHaveText(newOwner.name);
  await expect(detail.pendingMark).toHaveText('待同步');
  // Nothing reached the server yet.
  expect((await api.order(order.id)).current_order_node.contacts_user?.id).toBe(before?.id);

  await context.setOffline(false);
  await expect(detail.pendingMark).toHaveCount(0, { timeout: 30_000 });
  // Nothing is left to send: what the server holds now is final.
  await shell.synced();
  await expect(detail.owner).toHaveText(newOwner.name);
  const server = await api.order(order.id);
  expect(server.current_order_node.contacts_user).toEqual({ id: newOwner.id, name: newOwner.name });
  expect(server.version).toBeGreaterThan(order.version);
  const firstApplied = applied.filter(
    (response) => response.ok() && response.headers()['idempotent-replayed'] !== 'true',
  );
  expect(firstApplied).toHaveLength(1);
  // The owner stays after a reload (the pulled server row, not the optimistic one).
  await page.reload();
  await expect(detail.owner).toHaveText(newOwner.name, { timeout: 20_000 });
  await expect(detail.pendingMark).toHaveCount(0);
});
