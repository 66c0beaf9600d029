// A handover while the employee is signed in (security review M5): `leaver`
// (赵立) works in the app in a second browser; `admin` hands him over; within 10 s his live
// channel is closed and his app, having reached the server on that, shows the no-company message
// and keeps none of the company's sheets on the device. He is restored at the end (the demo data
// is shared by every spec of the run).
import type { APIRequestContext, Page } from '@playwright/test';
import { COMMON_MESSAGES } from '../src/domain/messages/common';
import { SESSION_MESSAGES } from '../src/domain/messages/session';
import { appSession, bearer } from './fixtures/appSession';
import { expectAccessible } from './fixtures/axe';
import { DEMO_PASSWORD, LoginPage } from './fixtures/LoginPage';
import { LANDING_URL, ShellPage } from './fixtures/ShellPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'admin' });

const COMPANY = '上海精工机械有限公司';

/** Sheets in every user database of the page's origin; the database names too. */
function localSheets(page: Page): Promise<{ names: string[]; sheets: number }> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases())
      .map((info) => info.name ?? '')
      .filter((name) => name.startsWith('purchasing-u'));
    let sheets = 0;
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        if (!db.objectStoreNames.contains('sheets')) continue;
        sheets += await new Promise<number>((resolve, reject) => {
          const count = db.transaction('sheets').objectStore('sheets').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        });
      } finally {
        db.close();
      }
    }
    return { names, sheets };
  });
}

/** The admin's calls to the staff routes of the company. */
async function staffApi(page: Page, request: APIRequestContext) {
  const { token, companies } = await appSession(page, request);
  const company = companies.find((c) => c.name === COMPANY);
  if (!company) throw new Error(`admin is not in ${COMPANY}`);
  const base = `/partners-api/v7/companies/${company.id}/employees`;
  const query = `currentCompanyId=${company.id}`;
  const employee = async (name: string) => {
    const response = await request.get(`${base}?${query}&status=IN_SERVICE,DEPART`, {
      headers: bearer(token),
    });
    const { items } = (
      (await response.json()) as {
        data: { items: Array<{ id: number; name: string }> };
      }
    ).data;
    const found = items.find((item) => item.name === name);
    if (!found) throw new Error(`no employee ${name}`);
    return found.id;
  };
  return {
    async handOver(name: string, successor: string) {
      const response = await request.put(`${base}/${await employee(name)}/depart?${query}`, {
        headers: bearer(token),
        data: { handover_user_id: await employee(successor) },
      });
      expect(response.status()).toBe(200);
    },
    async restore(name: string) {
      await request.put(`${base}/${await employee(name)}/active?${query}`, {
        headers: bearer(token),
      });
    },
  };
}

test('a handed-over employee’s live channel closes and his device keeps none of the company’s sheets', async ({
  shell,
  page,
  browser,
  request,
}, testInfo) => {
  await shell.openSignedIn('/home');
  const staff = await staffApi(page, request);

  const second = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    storageState: { cookies: [], origins: [] },
  });
  try {
    const leaver = await second.newPage();
    await leaver.goto('/home');
    const login = new LoginPage(leaver);
    await login.expectShown();
    await login.signIn('leaver', DEMO_PASSWORD);
    await leaver.waitForURL(LANDING_URL);
    await new ShellPage(leaver).synced();
    const before = await localSheets(leaver);
    expect(before.names).toHaveLength(1);
    expect(before.sheets).toBeGreaterThan(0);

    await staff.handOver('赵立', '赵磊');
    const handedOverAt = Date.now();
    // Nothing else makes the app ask the server (no reload, no focus, the periodic pull is 5 min
    // away): the closed live channel does, and the feed's NOT_A_MEMBER ends the session.
    const alert = leaver.getByRole('alert');
    await expect(alert).toContainText(SESSION_MESSAGES.NO_COMPANY_TITLE, { timeout: 10_000 });
    await expect(alert).toContainText(COMMON_MESSAGES.NO_COMPANY_BOUND);
    expect(Date.now() - handedOverAt).toBeLessThan(10_000);
    await expectAccessible(leaver);
    await expect.poll(() => localSheets(leaver)).toEqual({ names: [], sheets: 0 });

    // Opened again: the provider refuses him, and nothing of the company came back.
    await leaver.reload();
    await expect(leaver).toHaveURL(/\/oidc\//);
    expect(await localSheets(leaver)).toEqual({ names: [], sheets: 0 });
  } finally {
    await second.close();
    await staff.restore('赵立');
  }
});
