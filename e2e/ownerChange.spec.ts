// Changing an order's owner offline (DESIGN §4 outbox): the new owner shows at
// once with the 待同步 marker while the server still has the old one; back online the change
// reaches the server exactly once and the marker goes.
import { openOrderForOwnerChange } from './fixtures/ownerChange';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

test('an owner change made offline shows at once and is applied once after reconnecting', async ({
  shell,
  page,
  context,
  request,
}) => {
  await shell.openSignedIn('/home');
  const { api, order, before, newOwner, applied, detail } = await openOrderForOwnerChange(
    page,
    context,
    request,
  );
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
