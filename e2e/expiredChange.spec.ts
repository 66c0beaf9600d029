// A change that could not be sent for longer than the server keeps its Idempotency-Key answer
// (security review L1, src/domain/sync/retention.ts) is not sent when the device is back online:
// the pending-changes view shows it for the user to resubmit or discard, and it reaches the
// server only once resubmitted.
import type { Page } from '@playwright/test';
import { SYNC_LABELS } from '../src/domain/messages/sync';
import { OUTBOX_SEND_WINDOW_MS } from '../src/domain/sync/retention';
import { openOrderForOwnerChange } from './fixtures/ownerChange';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

/** Moves every outbox entry back in time, as if it had waited on the device that long. */
function ageOutbox(page: Page, ms: number) {
  return page.evaluate(async (by) => {
    const info = (await indexedDB.databases()).find((db) => db.name?.startsWith('purchasing-u'));
    if (!info?.name) throw new Error('no user database');
    const name = info.name;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        const tx = db.transaction('outbox', 'readwrite');
        const store = tx.objectStore('outbox');
        const all = store.getAll();
        all.onsuccess = () => {
          for (const entry of all.result) store.put({ ...entry, createdAt: entry.createdAt - by });
        };
        tx.oncomplete = () => {
          db.close();
          resolve(all.result.length);
        };
        tx.onerror = () => reject(tx.error);
      };
    });
  }, ms);
}

test('a change older than the send window waits for the user and goes once resubmitted', async ({
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
  await context.setOffline(true);
  await detail.chooseOwner(newOwner.name.slice(0, 1), newOwner.name);
  await expect(detail.pendingMark).toHaveText('待同步');

  // The device stays offline past the window, then comes back.
  expect(await ageOutbox(page, OUTBOX_SEND_WINDOW_MS)).toBe(1);
  await context.setOffline(false);
  // Not sent: its effect is rolled back and it waits for the user.
  await expect(detail.pendingMark).toHaveCount(0, { timeout: 30_000 });
  await expect(detail.owner).toHaveText(before?.name ?? '未指定');
  expect(applied).toHaveLength(0);
  expect((await api.order(order.id)).current_order_node.contacts_user?.id).toBe(before?.id);

  await shell.syncStatus.click();
  await page.getByRole('button', { name: SYNC_LABELS.VIEW_PENDING }).click();
  const entry = page.getByTestId('pending-entry');
  await expect(entry).toHaveAttribute('data-state', 'expired');
  await expect(entry).toContainText('超时未发送');
  await expect(entry).toContainText(SYNC_LABELS.EXPIRED);

  await entry.getByRole('button', { name: SYNC_LABELS.RESUBMIT }).click();
  await expect(entry).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(async () => (await api.order(order.id)).current_order_node.contacts_user?.id)
    .toBe(newOwner.id);
  expect(applied.filter((response) => response.ok())).toHaveLength(1);
});
