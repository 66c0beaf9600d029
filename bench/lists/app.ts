// The signed-in app for the list bench: `buyer` signs in through the embedded provider's page as
// a user does, works in the company the bench-scale rows went to, and the product's own sync
// engine fills the device's database from the server; the server's API answers with the token
// the app keeps.
import type { Page } from '@playwright/test';
import { LANDING_URL } from '../../e2e/fixtures/ShellPage';
import { storedUser } from '../../e2e/fixtures/storedUser';

const DEMO_PASSWORD = 'Demo@2026';

export interface AppSession {
  token: string;
  companyId: number;
  api<T>(path: string, query: Record<string, string>): Promise<T>;
}

async function readToken(page: Page): Promise<string> {
  return (await storedUser(page))?.access_token ?? '';
}

/** Signs `account` in and makes `companyId` the company the app works in. */
export async function signIn(
  page: Page,
  origin: string,
  account: string,
  companyId: number,
): Promise<AppSession> {
  await page.goto(`${origin}/home`);
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(LANDING_URL);
  const token = await readToken(page);
  const api = async <T>(path: string, query: Record<string, string>): Promise<T> => {
    const params = new URLSearchParams({ ...query, currentCompanyId: String(companyId) });
    const answer = await fetch(`${origin}${path}?${params}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    return ((await answer.json()) as { data: T }).data;
  };
  const user = await api<{ sub?: string; id: number; companies: Array<{ id: number }> }>(
    '/api/v7/user',
    {},
  );
  if (!user.companies.some((company) => company.id === companyId)) {
    throw new Error(`${account} is not a member of company ${companyId}`);
  }
  // The company this device works in (src/platform/persisted.ts), then a fresh start in it.
  const sub = (await storedUser(page))?.profile.sub ?? '';
  await page.evaluate(
    ([key, id, sub]) => {
      const choice = JSON.stringify({ sub, companyId: id });
      window.localStorage.setItem(key, choice);
      window.sessionStorage.setItem(key, choice);
    },
    ['purchasing.session.company', companyId, sub] as const,
  );
  await page.reload();
  return { token, companyId, api };
}

/** "共 N 条" of the list on screen, or null while it has no total yet. */
export function shownTotal(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const text = document.querySelector('[data-testid="list-count"]')?.textContent ?? '';
    const match = /共 (\d+) 条/.exec(text);
    return match ? Number(match[1]) : null;
  });
}

/** Waits until the list on screen shows `total` rows in its count line. */
export async function waitForTotal(page: Page, total: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await shownTotal(page)) !== total) {
    if (Date.now() > deadline) {
      throw new Error(`the list shows ${await shownTotal(page)} rows, not ${total}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}
