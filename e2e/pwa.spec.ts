// The installable offline app in the built app: the service worker takes the
// page on the first load, a reload with no network still opens the app, logos and uploaded images
// are cached but API answers never are, and a new build of the worker offers 新版本可用.
import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { runtimeConfigSchema } from '../src/domain/config/runtimeConfig';
import { PWA_MESSAGES } from '../src/domain/messages/pwa';
import { NO_PERMISSION_PATH } from '../src/domain/routes';
import { TAKEOVER_TIMEOUT_MS } from '../src/platform/pwa/appUpdates';
import { DEMO_PASSWORD, LoginPage } from './fixtures/LoginPage';
import { expect, test } from './fixtures/test';

// The built app the test server serves (playwright.config.ts starts it; APP_DIR as in server/config).
const appDir = resolve(process.env.APP_DIR ?? 'dist');
// A public page (no sign-in needed), so the test needs no session.
const PAGE = NO_PERMISSION_PATH;
const LOGO = readdirSync(new URL('../server/demo/seed/logos/', import.meta.url)).find((f) =>
  f.endsWith('.svg'),
);

/** Any rendered Chinese text: the app mounted (not the browser's offline page). */
const CHINESE = /[\u4e00-\u9fff]/;

async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every URL (path and query) in the service worker's caches, precache and runtime. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const { pathname, search } = new URL(request.url);
        urls.push(pathname + search);
      }
    }
    return urls;
  });
}

/**
 * Status of a fetch from the page, or 0 when it failed on the network. The browser's HTTP cache
 * is bypassed (files are cacheable for a year), so offline only the service worker can answer.
 */
function fetchStatus(page: Page, url: string, token?: string): Promise<number> {
  return page.evaluate(
    ([target, bearer]) =>
      fetch(target, {
        cache: 'no-store',
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      }).then(
        (r) => r.status,
        () => 0,
      ),
    [url, token] as const,
  );
}

/** Signs buyer in at the provider in a context of its own and returns an access token. */
async function buyerToken(browser: Browser, request: APIRequestContext): Promise<string> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    // This test exchanges the code itself: the app must not take it first.
    await page.route('**/auth/callback?*', (route) => route.fulfill({ body: '' }));
    const login = new LoginPage(page);
    const { verifier, redirectUri } = await login.openFor();
    await login.signIn('buyer', DEMO_PASSWORD);
    await page.waitForURL(/\/auth\/callback\?/);
    return (await LoginPage.exchange(request, page.url(), verifier, redirectUri)).access_token;
  } finally {
    await context.close();
  }
}

/** Uploads one file as buyer; returns the URL its content is read from. */
async function upload(
  request: APIRequestContext,
  token: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const user = await request.get('/api/v7/user', { headers });
  const body = (await user.json()) as { data: { companies: Array<{ id: number }> } };
  const query = `currentCompanyId=${body.data.companies[0]?.id}`;
  const stored = await request.post(`/api/v7/files?${query}&documentType=TODO_ATTACHMENT`, {
    headers,
    multipart: { file },
  });
  expect(stored.status()).toBe(200);
  return `${((await stored.json()) as { data: { url: string } }).data.url}&${query}`;
}

/**
 * Changes the served /sw.js by one comment line, as a new deployment would, until disposed. The
 * file on disk it is: the browser fetches a worker script for an update check itself, out of
 * reach of page and context routes. Specs run one at a time (playwright.config.ts).
 */
async function deployNewWorker(): Promise<AsyncDisposable> {
  const file = join(appDir, 'sw.js');
  const original = await readFile(file, 'utf8');
  await writeFile(file, `${original}\n// next build\n`);
  return { [Symbol.asyncDispose]: () => writeFile(file, original) };
}

test('the service worker takes the page on the first load and the app opens offline', async ({
  page,
  context,
}) => {
  await page.goto(PAGE);
  await controlled(page);

  await context.setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveTitle('工业品采购');
  await expect(page.locator('#root')).toContainText(CHINESE, { useInnerText: true });

  // A deep link the browser never loaded before is answered from the cache as well.
  const deep = await page.goto('/register');
  expect(deep?.fromServiceWorker()).toBe(true);
  await expect(page.locator('#root')).toContainText(CHINESE, { useInnerText: true });
});

test("the server's /config.json is one the app accepts", async ({ request }) => {
  const response = await request.get('/config.json');
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(runtimeConfigSchema.safeParse(await response.json()).success).toBe(true);
});

test('brand logos are cached for offline use; API answers and config never are', async ({
  page,
  context,
}) => {
  expect(LOGO).toBeDefined();
  await page.goto(PAGE);
  await controlled(page);
  expect(await fetchStatus(page, `/brand-logos/${LOGO}`)).toBe(200);
  expect(await fetchStatus(page, '/config.json')).toBe(200);
  expect(await fetchStatus(page, '/api/v7/news')).toBe(200);
  await expect.poll(() => cachedUrls(page)).toContain(`/brand-logos/${LOGO}`);

  const cached = await cachedUrls(page);
  expect(cached.some((url) => url.startsWith('/index.html'))).toBe(true);
  expect(cached.filter((url) => /^\/(api|[a-z]+-api|oidc)\/|^\/config\.json$/.test(url))).toEqual(
    [],
  );

  await context.setOffline(true);
  expect(await fetchStatus(page, `/brand-logos/${LOGO}`)).toBe(200);
  expect(await fetchStatus(page, '/api/v7/news')).toBe(0);
  expect(await fetchStatus(page, '/config.json')).toBe(0);
});

test('uploaded images (avatars) are cached for offline use, other files are not', async ({
  page,
  context,
  browser,
  request,
}) => {
  const token = await buyerToken(browser, request);
  const image = await upload(request, token, {
    name: 'avatar.png',
    mimeType: 'image/png',
    buffer: await readFile(new URL('../public/icons/icon-192.png', import.meta.url)),
  });
  const text = await upload(request, token, {
    name: 'note.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('备注'),
  });
  await page.goto(PAGE);
  await controlled(page);
  expect(await fetchStatus(page, image, token)).toBe(200);
  expect(await fetchStatus(page, text, token)).toBe(200);
  await expect.poll(() => cachedUrls(page)).toContain(image);
  expect(await cachedUrls(page)).not.toContain(text);

  await context.setOffline(true);
  expect(await fetchStatus(page, image, token)).toBe(200);
  expect(await fetchStatus(page, text, token)).toBe(0);
});

test('a new service worker build offers 新版本可用, and 刷新 switches to it', async ({ page }) => {
  await page.goto(PAGE);
  await controlled(page);
  const firstWorker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(firstWorker).toMatch(/\/sw\.js$/);

  await using _deployed = await deployNewWorker();
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
  const prompt = page.getByRole('status').filter({ hasText: PWA_MESSAGES.UPDATE_AVAILABLE });
  await expect(prompt).toBeVisible();
  const waiting = () =>
    page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null);
  expect(await waiting()).toBe(true);

  // Well before the fallback timer: the reload follows the new worker taking over.
  const reloaded = page.waitForEvent('framenavigated', { timeout: TAKEOVER_TIMEOUT_MS / 2 });
  await prompt.getByRole('button', { name: PWA_MESSAGES.RELOAD }).click();
  await reloaded;
  await controlled(page);
  expect(await waiting()).toBe(false);
  await expect(page.getByText(PWA_MESSAGES.UPDATE_AVAILABLE)).toHaveCount(0);
});
