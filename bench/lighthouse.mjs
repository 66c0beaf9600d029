// PWA figures of the built app (dist/) served by the real server on loopback:
//  - installability: Chromium's own verdict (CDP Page.getInstallabilityErrors, in a persistent
//    profile: incognito is never installable) and the parsed manifest's errors. Lighthouse 12
//    dropped its PWA category, so this is what its "installable" audit used to ask;
//  - Lighthouse first contentful paint: first visit (cold, no service worker) with Lighthouse's
//    simulated phone on slow 4G, then first and repeat visit unthrottled (the repeat one served by
//    the service worker installed during the first);
//  - cold start with no network: the browser relaunched on the same profile, offline, FCP from the
//    service worker's cache (performance API), median of BENCH_ROUNDS (default 5).
// The page is a public one (BENCH_PATH, default the no-permission page) so no sign-in is needed.
// Figures only, no pass/fail. Run after `npm run build`: `node bench/lighthouse.mjs`.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath, root } from '../scripts/lib.mjs';
import { startServer } from './browser/appServer.mjs';

const path = process.env.BENCH_PATH ?? '/no-permission';
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const appDir = process.env.APP_DIR ?? join(root, 'dist');
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'];

const print = (line) => process.stdout.write(`${line}\n`);
const row = (label, value) => print(`  ${label.padEnd(52)} ${value}`);
const ms = (value) => `${Math.round(value)} ms`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Launches Chromium on `profile` and runs Lighthouse's performance category once. */
async function lighthouseFcp(url, profile, flags) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags,
    userDataDir: profile,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...flags,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { audits, runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    return audits['first-contentful-paint'].numericValue;
  } finally {
    chrome.kill();
  }
}

/** Loads the page once online in a persistent profile; returns Chromium's installability verdict. */
async function installability(url, profile) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest');
    const parsed = JSON.parse(manifest.data ?? '{}');
    return { installabilityErrors, manifest, parsed };
  } finally {
    await context.close();
  }
}

/** Relaunches the browser on the warm profile with no network; FCP of each cold start. */
async function offlineColdStarts(url, profile) {
  const paints = [];
  for (let round = 0; round < rounds; round += 1) {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu'],
      offline: true,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const response = await page.goto(url);
      if (!response?.fromServiceWorker()) throw new Error('offline start not served by the SW');
      const fcp = await page.evaluate(
        () =>
          new Promise((resolve) => {
            new PerformanceObserver((list, observer) => {
              const entry = list.getEntriesByName('first-contentful-paint')[0];
              if (entry) {
                observer.disconnect();
                resolve(entry.startTime);
              }
            }).observe({ type: 'paint', buffered: true });
          }),
      );
      paints.push(fcp);
    } finally {
      await context.close();
    }
  }
  return paints;
}

if (!existsSync(join(appDir, 'index.html'))) {
  throw new Error(`no built app in ${appDir}: run \`npm run build\` first`);
}
const server = await startServer(appDir);
const profiles = [];
const profile = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pwa-bench-'));
  profiles.push(dir);
  return dir;
};
try {
  const url = `${server.origin}${path}`;
  print(`PWA figures for ${path} (Chromium ${chromiumPath}, loopback server, ${rounds} rounds)`);

  const verdict = await installability(url, profile());
  const errors = verdict.installabilityErrors.map((e) =>
    [e.errorId, ...e.errorArguments.map((a) => `${a.name}=${a.value}`)].join(' '),
  );
  row("installable (Chromium's check)", errors.length === 0 ? 'yes' : `no: ${errors.join('; ')}`);
  row('manifest', verdict.manifest.url);
  row('manifest parse errors', verdict.manifest.errors.length);
  const icons = verdict.parsed.icons?.map(
    (i) => `${i.sizes}${i.purpose === 'maskable' ? ' maskable' : ''}`,
  );
  row('manifest name / display', `${verdict.parsed.name} / ${verdict.parsed.display}`);
  row('manifest icons', icons?.join(', ') ?? 'none');

  const simulated = await lighthouseFcp(url, profile(), {});
  row('Lighthouse FCP, first visit, simulated slow 4G phone', ms(simulated));
  const warm = profile();
  const first = await lighthouseFcp(url, warm, { throttlingMethod: 'provided' });
  const repeat = await lighthouseFcp(url, warm, {
    throttlingMethod: 'provided',
    disableStorageReset: true,
  });
  row('Lighthouse FCP, first visit, unthrottled', ms(first));
  row('Lighthouse FCP, repeat visit (SW), unthrottled', ms(repeat));
  row('repeat / first visit FCP', (repeat / first).toFixed(2));

  // One online visit installs the service worker in this profile; every start after it is offline.
  const coldProfile = profile();
  await installability(url, coldProfile);
  const paints = await offlineColdStarts(url, coldProfile);
  row('offline cold start (relaunch) FCP, median', ms(median(paints)));
  row('offline cold start FCP, every round', paints.map(ms).join(', '));
} finally {
  server.stop();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
}
