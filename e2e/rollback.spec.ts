// A rolled-back app on a database a newer app upgraded (security review L14): the app does not
// write to it and does not lock the user out either. It says the app is older than the data,
// lists the unsent changes it finds (also those written by the newer app) and exports them, and
// leaves the database as the newer app left it.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { SYNC_LABELS } from '../src/domain/messages/sync';
import { createEntry } from '../src/sync/core/storedEntry';
import { expectAccessible } from './fixtures/axe';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

/** An unsent change the newer app left in the outbox. */
const newerEntry = createEntry({
  clientId: 'e2e-newer-build',
  seq: 9999,
  userSub: 'e2e',
  companyId: 1,
  now: Date.parse('2026-11-20T02:00:00Z'),
  mutation: {
    type: 'sheet.changeOwner',
    payload: { id: 12345, ifMatch: 1, owner: { id: 7, name: '新版本员工' } },
  },
});

/** What a newer app does to the user's database: a higher version, a new table, an entry. */
function upgradeAsNewerApp(page: Page, entry: unknown) {
  return page.evaluate(async (stored) => {
    const info = (await indexedDB.databases()).find((db) => db.name?.startsWith('purchasing-u'));
    const name = info?.name;
    if (!name || !info.version) throw new Error('no user database');
    const version = info.version + 10;
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(name, version);
      request.onupgradeneeded = () => {
        request.result.createObjectStore('drafts', { keyPath: 'id' });
        request.transaction?.objectStore('outbox').put(stored);
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    return { name, version };
  }, entry);
}

/** The database as IndexedDB has it: version, stores, and the outbox's keys. */
function inspect(page: Page, name: string) {
  return page.evaluate(
    (dbName) =>
      new Promise<{ version: number; stores: string[]; outbox: string[] }>((resolve, reject) => {
        const request = indexedDB.open(dbName);
        request.onsuccess = () => {
          const db = request.result;
          const keys = db.transaction('outbox').objectStore('outbox').getAllKeys();
          keys.onsuccess = () => {
            resolve({
              version: db.version,
              stores: [...db.objectStoreNames],
              outbox: keys.result.map(String),
            });
            db.close();
          };
        };
        request.onerror = () => reject(request.error);
      }),
    name,
  );
}

test('an older app shows the unsent changes of a newer database, exports them, and writes nothing', async ({
  page,
}) => {
  await page.goto('/home');
  const status = page.getByRole('banner').getByTestId('sync-status');
  await expect(status).toHaveAttribute('data-tone', 'synced', { timeout: 20_000 });

  const { name, version } = await upgradeAsNewerApp(page, newerEntry);
  // The open tab is told at once, and offers the same view.
  const notice = page.getByTestId('outdated-data');
  await expect(notice.getByText(SYNC_LABELS.OUTDATED_TITLE)).toBeVisible();
  await expect(notice.getByTestId('outdated-entry')).toContainText('询价单 #12345 → 新版本员工');

  // Opened again (the rolled-back app), it shows the notice instead of locking the user out.
  await page.reload();
  await expect(notice.getByText(SYNC_LABELS.OUTDATED_NOTICE)).toBeVisible({ timeout: 20_000 });
  await expect(notice.getByTestId('outdated-entry')).toHaveCount(1);
  await expect(notice.getByTestId('outdated-entry')).toContainText('更换询价单负责人');
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await notice.getByRole('button', { name: SYNC_LABELS.OUTDATED_EXPORT }).click();
  const file = await (await download).path();
  const exported = JSON.parse(await readFile(file, 'utf8')) as { outbox: Array<{ id: string }> };
  expect(exported.outbox.map((entry) => entry.id)).toEqual([newerEntry.id]);

  const after = await inspect(page, name);
  expect(after.version).toBe(version);
  expect(after.stores).toContain('drafts');
  expect(after.outbox).toEqual([newerEntry.id]);
});
