// Delivery while the app is closed (issue 20 item 3): an owner change made offline, every app
// page closed, the network back; the service worker's sync sends it, exactly once, and a second
// sync sends nothing. Chromium may fire the sync by itself when the network returns, so the test
// waits on the recorded runs, never on its own dispatch.

import { OrderDetailPage } from './fixtures/OrderDetailPage';
import { openOrderForOwnerChange } from './fixtures/ownerChange';
import { serviceWorkerControl } from './fixtures/serviceWorker';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', permissions: ['background-sync'] });

test('a change queued offline is sent by the service worker after every page closed', async ({
  shell,
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await shell.openSignedIn('/home');
  await shell.installed();
  const { api, order, before, newOwner, applied, detail } = await openOrderForOwnerChange(
    page,
    context,
    request,
  );
  const origin = new URL(page.url()).origin;
  const sw = await serviceWorkerControl(context, origin);

  await context.setOffline(true);
  await detail.chooseOwner(newOwner.name.slice(0, 1), newOwner.name);
  await expect(detail.pendingMark).toHaveText('待同步');
  // The page asked for the outbox's sync as soon as the change waited offline.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          const sync = (registration as { sync?: { getTags(): Promise<string[]> } }).sync;
          return sync ? await sync.getTags() : [];
        }),
      { timeout: 15_000 },
    )
    .toContain('purchasing-outbox');

  // The app closes: the worker controls no page, and nothing reached the server.
  for (const open of context.pages()) if (open !== sw.helper) await open.close();
  await expect.poll(() => sw.clients(), { timeout: 15_000 }).toBe(0);
  expect((await api.order(order.id)).current_order_node.contacts_user?.id).toBe(before?.id);
  const runsBefore = (await sw.lastRun())?.runs ?? 0;

  await context.setOffline(false);
  await sw.dispatchSync();
  await expect
    .poll(async () => (await api.order(order.id)).current_order_node.contacts_user?.id, {
      timeout: 45_000,
    })
    .toBe(newOwner.id);
  await expect
    .poll(async () => (await sw.lastRun())?.runs ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(runsBefore);
  expect(applied.filter((response) => response.ok())).toHaveLength(1);
  expect(applied[0]?.headers()['idempotent-replayed']).not.toBe('true');

  // A second sync finds nothing to send.
  const runsAfter = (await sw.lastRun())?.runs ?? 0;
  await sw.dispatchSync();
  await expect
    .poll(async () => (await sw.lastRun())?.runs ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(runsAfter);
  expect((await sw.lastRun())?.sent).toBe(0);
  expect(applied).toHaveLength(1);

  // Reopened, the app shows the owner with nothing waiting.
  const reopened = await context.newPage();
  const again = new OrderDetailPage(reopened);
  await reopened.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`);
  await expect(again.owner).toHaveText(newOwner.name, { timeout: 20_000 });
  await expect(again.pendingMark).toHaveCount(0);
});
