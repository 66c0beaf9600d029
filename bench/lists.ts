// Browser figures of the purchase list and the order list, in Debian's Chromium
// through Playwright, driving the built app against the real server with bench-scale data:
//  1. route change to first rows painted, each list type and order tab, at 100k local rows
//     (target p95 < 100 ms); also sorts and filters served by the lists' index;
//  2. scrolling 1,000 rows of the purchase list (infinite scroll, 50 a page), counting the main
//     thread's long tasks over 50 ms;
//  3. the same list fetched from the server instead (the original app's way: one page of 50) on a
//     throttled slow-3G profile (CDP Network.emulateNetworkConditions), and the ratio.
// The local rows get there the product's way: the server is seeded (server/demo/seed/bulk.ts, cached
// by bench/browser/seedCache.ts) and the app's own sync engine pulls them into IndexedDB after
// `buyer` signs in. Prints figures; no pass/fail. Needs a built app (APP_DIR, default dist/).
// Scale: BENCH_LIST_SHEETS (default 100000), BENCH_LIST_ORDERS (100000); BENCH_LIST_ROUNDS (10).
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import e2eConfig from '../playwright.config';
import { ORDER_TAB_INFO, ORDER_TABS } from '../src/domain/orders/orderTabs';
import { SHEET_LIST_TYPE_INFO, SHEET_LIST_TYPES } from '../src/domain/purchase/listTypes';
import { seededCopy } from './browser/seedCache';
import { type AppSession, signIn, waitForTotal } from './lists/app';
import { percentile, routeChangeMs, scrollRows, serverFetchMs } from './lists/measure';
import { startServer } from './lists/server';

const scale = {
  sheets: Number(process.env.BENCH_LIST_SHEETS ?? 100_000),
  orders: Number(process.env.BENCH_LIST_ORDERS ?? 100_000),
  todos: 0,
};
const ROUNDS = Number(process.env.BENCH_LIST_ROUNDS ?? 10);
const PORT = Number(process.env.BENCH_LIST_PORT ?? 4398);
const APP_DIR = resolve(process.env.APP_DIR ?? 'dist');
/** The desktop table's row height (src/features/lists/ListTable.tsx). */
const ROW_HEIGHT = 44;
/** Chrome DevTools' "Slow 3G": 2 s round trip, 400 kbit/s each way. */
const SLOW_3G = { latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
/** Chromium as the e2e suite launches it: Debian's, no browser is ever downloaded. */
const LAUNCH_OPTIONS = e2eConfig.projects?.[0]?.use?.launchOptions ?? {};

const out = (text: string) => process.stdout.write(`${text}\n`);
const line = (label: string, value: string) => out(`  ${label.padEnd(52)}${value}`);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const summary = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  (n=${values.length})`;

const purchase = (query: string) => `/inquiry-quotation/list?${query}`;
const orders = (query: string) => `/order/order/list?${query}`;
const filters = (value: object) => `filters=${encodeURIComponent(JSON.stringify(value))}`;

/** Sorts and filters that go through the lists' own index (`list_keys`), not the default sort. */
const VARIANTS: Array<[string, string]> = [
  ['purchase ALL by brand', purchase('sheetType=ALL&filterKey=brand&filterSort=ASC')],
  ['purchase ALL by owner, descending', purchase('sheetType=ALL&filterKey=owner&filterSort=DESC')],
  ['purchase ALL by tax-inclusive total', purchase('sheetType=ALL&filterKey=taxed_amount')],
  ['purchase SIGNED by payment state', purchase('sheetType=SIGNED&filterKey=payment_state')],
  [
    'purchase ALL, brand contains 西门子',
    purchase(`sheetType=ALL&${filters({ brand_name: '西门子' })}`),
  ],
  ['purchase ALL, number contains 0001', purchase(`sheetType=ALL&${filters({ name: '0001' })}`)],
  [
    'purchase ALL, state group + created in 2025',
    purchase(
      `sheetType=ALL&${filters({ state_group: 'REPLIED', create_time: ['2025-01-01', '2025-12-31'] })}`,
    ),
  ],
  ['orders ALL by amount', orders('orderType=ALL&filterKey=supplier_taxed_amount&filterSort=DESC')],
  [
    'orders ALL, state 20 or 30, by modified',
    orders(`orderType=ALL&filterKey=write_time&${filters({ state: [20, 30] })}`),
  ],
];

async function main(browser: Browser): Promise<void> {
  const seeded = await seededCopy(scale);
  const server = await startServer({ dataDir: seeded.dataDir, appDir: APP_DIR, port: PORT });
  try {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    // tsx keeps function names with an `__name` helper that functions sent to the page lack.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const page = await context.newPage();
    const session = await signIn(page, server.origin, 'buyer', seeded.companyId);
    await run(page, session, server.origin, seeded.seedSeconds);
    await context.close();
  } finally {
    await server.stop();
    await seeded.dispose();
  }
}

async function run(
  page: import('@playwright/test').Page,
  session: AppSession,
  origin: string,
  seedSeconds: number | null,
): Promise<void> {
  const total = async (path: string, query: Record<string, string>) =>
    (await session.api<{ total: number }>(path, { ...query, pageSize: '1' })).total;
  const sheetsTotal = await total('/inquiry-api/v7/inquiry_quotation', { sheetType: 'ALL' });
  const ordersTotal = await total('/orders-api/v7/orders', { orderType: 'ALL' });

  // The first sync, by the app's engine in its worker.
  const t0 = performance.now();
  await page.goto(`${origin}${purchase('sheetType=ALL')}`);
  await waitForTotal(page, sheetsTotal, 60 * 60_000);
  await page.goto(`${origin}${orders('orderType=ALL')}`);
  await waitForTotal(page, ordersTotal, 60 * 60_000);
  const syncSeconds = (performance.now() - t0) / 1000;

  // 1. Route changes: every tab in turn, ROUNDS times.
  const byTab = new Map<string, number[]>();
  const measure = async (label: string, path: string) => {
    const samples = byTab.get(label) ?? [];
    samples.push(await routeChangeMs(page, path));
    byTab.set(label, samples);
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const type of SHEET_LIST_TYPES) {
      await measure(
        `purchase ${SHEET_LIST_TYPE_INFO[type].breadcrumb} (${type})`,
        purchase(`sheetType=${type}`),
      );
    }
    for (const tab of ORDER_TABS) {
      await measure(
        `orders ${ORDER_TAB_INFO[tab].breadcrumb} (${tab})`,
        orders(`orderType=${tab}`),
      );
    }
  }
  for (let round = 0; round < Math.ceil(ROUNDS / 2); round++) {
    for (const [label, path] of VARIANTS) {
      // From another list, so each one is a route change.
      await routeChangeMs(page, orders('orderType=CANCELLED'));
      await measure(label, path);
    }
  }

  // 2. Scrolling 1,000 rows.
  await routeChangeMs(page, purchase('sheetType=ALL'));
  const scroll = await scrollRows(page, 1000, ROW_HEIGHT);

  // 3. The same first page from the server, unthrottled and on slow 3G.
  const api = (path: string, query: string) =>
    `${origin}${path}?${query}&pageSize=50&currentCompanyId=${session.companyId}`;
  const serverLists: Array<[string, string]> = [
    ['purchase ALL', api('/inquiry-api/v7/inquiry_quotation', 'sheetType=ALL')],
    ['orders ALL', api('/orders-api/v7/orders', 'orderType=ALL')],
  ];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fetched = new Map<string, number[]>();
  for (const profile of ['unthrottled', 'slow 3G'] as const) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      ...(profile === 'slow 3G'
        ? SLOW_3G
        : { latency: 0, downloadThroughput: -1, uploadThroughput: -1 }),
    });
    for (const [label, url] of serverLists) {
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) samples.push(await serverFetchMs(page, url, session.token));
      fetched.set(`${label}, ${profile}`, samples);
    }
  }
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const version = await page.evaluate(() => /Chrome\/([\d.]+)/.exec(navigator.userAgent)?.[1]);
  out(
    `\nLists at bench scale (Chromium ${version}, ${cpus().length} cores, load ${loadavg()[0]?.toFixed(1)})`,
  );
  line(
    'local rows (synced by the app from the seeded server)',
    `${sheetsTotal} sheets, ${ordersTotal} orders`,
  );
  line('  server seeding', seedSeconds === null ? 'cached' : `${seedSeconds.toFixed(0)} s`);
  line('  first sync by the app, both lists complete', `${syncSeconds.toFixed(0)} s`);
  out('route change to first rows painted (target p95 < 100 ms)');
  const purchaseAll: number[] = [];
  const ordersAll: number[] = [];
  for (const [label, samples] of byTab) {
    line(label, summary(samples));
    if (label.startsWith('purchase') && !VARIANTS.some(([v]) => v === label))
      purchaseAll.push(...samples);
    if (label.startsWith('orders') && !VARIANTS.some(([v]) => v === label))
      ordersAll.push(...samples);
  }
  line('purchase list, every type', summary(purchaseAll));
  line('order list, every tab', summary(ordersAll));
  out('scrolling 1,000 rows (infinite scroll, 50 a page)');
  line('  time, frames', `${ms(scroll.ms)}, ${scroll.frames} frames`);
  line('  frames with a row still loading', String(scroll.placeholderFrames));
  line(
    '  long tasks > 50 ms',
    scroll.longTasks.length === 0
      ? '0'
      : `${scroll.longTasks.length} (longest ${ms(Math.max(...scroll.longTasks))})`,
  );
  out('one page of 50 from the server instead (the original app)');
  for (const [label, samples] of fetched) line(label, summary(samples));
  const slowPurchase = percentile(fetched.get('purchase ALL, slow 3G') ?? [], 50);
  const slowOrders = percentile(fetched.get('orders ALL, slow 3G') ?? [], 50);
  line(
    'ratio server slow 3G p50 / local p95, purchase',
    `${(slowPurchase / percentile(purchaseAll, 95)).toFixed(0)}×`,
  );
  line(
    'ratio server slow 3G p50 / local p95, orders',
    `${(slowOrders / percentile(ordersAll, 95)).toFixed(0)}×`,
  );
}

if (!existsSync(join(APP_DIR, 'index.html'))) {
  out(`No built app in ${APP_DIR}: run \`npm run build\` first (or set APP_DIR).`);
  process.exit(1);
}
const browser = await chromium.launch(LAUNCH_OPTIONS);
try {
  await main(browser);
} finally {
  await browser.close();
}
