// Lighthouse accessibility scores of the screens people work in (issue 22 item 6: ≥ 95 on the
// lists and details), signed in as the demo buyer, wide (1350 × 940) and as a 375 px phone.
// The e2e axe specs (e2e/a11yClerk*.spec.ts, e2e/axeAdmin*.spec.ts) are the pass/fail check;
// this prints Lighthouse's own score beside them, with the audits that cost points.
// How: the buyer signs in once through the real provider in a persistent Chromium profile and the
// first sync fills it; Lighthouse then opens each screen in that profile with its storage kept
// (`disableStorageReset`), so the app starts signed in on its local data, as a returning user's.
// Figures only, no pass/fail. Run after `npm run build`: `npx tsx bench/lighthouseA11y.ts`.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import { DEMO_PASSWORD, LoginPage } from '../e2e/fixtures/LoginPage';
import { LANDING_URL } from '../e2e/fixtures/ShellPage';
import { startServer } from './browser/appServer.mjs';

const appDir = process.env.APP_DIR ?? join(import.meta.dirname, '..', 'dist');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const TARGET = 95;

const print = (line: string) => process.stdout.write(`${line}\n`);

const FORM_FACTORS: Record<'wide' | '375 px', Flags> = {
  wide: {
    formFactor: 'desktop',
    screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1 },
  },
  '375 px': {
    formFactor: 'mobile',
    screenEmulation: { mobile: true, width: 375, height: 812, deviceScaleFactor: 2 },
  },
};

/** Signs the buyer in, waits for the first sync, and reads the first sheet's and order's pages. */
async function signIn(origin: string, profile: string) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu'],
    baseURL: origin,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/home');
    const login = new LoginPage(page);
    await login.expectShown();
    await login.signIn('buyer', DEMO_PASSWORD);
    await page.waitForURL(LANDING_URL);
    await page.goto('/inquiry-quotation/list?sheetType=ALL');
    // The first row of each list, opened as a user would: the detail's address as the app makes it.
    const detailOf = async () => {
      await page.locator('tbody tr').first().click({ timeout: 60_000 });
      await page.waitForURL(/\/detail\?/);
      const { pathname, search } = new URL(page.url());
      return `${pathname}${search}`;
    };
    const sheetPath = await detailOf();
    await page.goto('/order/order/list?orderType=ALL');
    const orderPath = await detailOf();
    if (!sheetPath || !orderPath) throw new Error('the demo data has a sheet and an order');
    return {
      采购单列表: '/inquiry-quotation/list',
      询价单详情: sheetPath,
      订单列表: '/order/order/list?orderType=ALL',
      订单详情: orderPath,
    };
  } finally {
    await context.close();
  }
}

async function accessibility(url: string, profile: string, flags: Flags) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    userDataDir: profile,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['accessibility'],
      disableStorageReset: true,
      throttlingMethod: 'provided',
      ...flags,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const landed = new URL(lhr.finalDisplayedUrl).pathname;
    if (landed !== new URL(url).pathname) throw new Error(`${url} ended on ${landed}`);
    const category = lhr.categories.accessibility;
    const failing = (category?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    return { score: Math.round((category?.score ?? 0) * 100), failing };
  } finally {
    chrome.kill();
  }
}

if (!existsSync(join(appDir, 'index.html'))) {
  throw new Error(`no built app in ${appDir}: run \`npm run build\` first`);
}
const server = await startServer(appDir);
const profile = mkdtempSync(join(tmpdir(), 'a11y-bench-'));
try {
  const screens = await signIn(server.origin, profile);
  print(`Lighthouse accessibility, signed in as buyer (target ≥ ${TARGET})`);
  let lowest = 100;
  for (const [screen, path] of Object.entries(screens)) {
    for (const [size, flags] of Object.entries(FORM_FACTORS)) {
      const { score, failing } = await accessibility(`${server.origin}${path}`, profile, flags);
      lowest = Math.min(lowest, score);
      const costs = failing.length > 0 ? `  (${failing.join(', ')})` : '';
      print(`  ${`${screen}, ${size}`.padEnd(24)} ${String(score).padStart(3)}${costs}`);
    }
  }
  print(`  ${'lowest'.padEnd(24)} ${String(lowest).padStart(3)}`);
} finally {
  server.stop();
  rmSync(profile, { recursive: true, force: true });
}
