// The number search of the lists on the device (purchasing-core §2.2, §2.5; the server's list
// reads "contains"), in Debian's Chromium through Playwright, at bench scale: 100k sheets and
// 100k orders written into IndexedDB by the product's own row derivation, a feed page per
// transaction with the number column kept beside them, searched by middle fragments of their
// numbers. In the same run: the screen reads, the column's filter step next to the earlier
// starts-or-ends ranges, a plain scan, and what the column costs a pull's writes.
// Prints figures; no pass/fail (the lists' target: a screen's read p95 < 100 ms at 100k rows).
// Scale: BENCH_NUMBER_ROWS (default 100000 of each), BENCH_NUMBER_ROUNDS (60 fragments).
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { chromium } from '@playwright/test';
import e2eConfig from '../playwright.config';
import { BENCH_BASE, buildBenchPage } from './browser/build';
import { scratchDir } from './browser/scratch';
import { percentile } from './lists/measure';
import type { Figures, NumberBench, Timed, WriteFigures } from './numberSearch/protocol';

const ROWS = Number(process.env.BENCH_NUMBER_ROWS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_NUMBER_ROUNDS ?? 60);
/** Chromium as the e2e suite launches it: Debian's, no browser is ever downloaded. */
const LAUNCH_OPTIONS = e2eConfig.projects?.[0]?.use?.launchOptions ?? {};

const out = (text: string) => process.stdout.write(`${text}\n`);
const line = (label: string, value: string) => out(`  ${label.padEnd(50)}${value}`);
const ms = (n: number) => `${n.toFixed(1)} ms`;
const summary = (values: number[]) =>
  `p50 ${ms(percentile(values, 50))}  p95 ${ms(percentile(values, 95))}  max ${ms(Math.max(...values))}  (n=${values.length})`;
const of = (list: Timed[], what: string, texts?: readonly string[]) =>
  list.filter((t) => t.what === what && (!texts || texts.includes(t.text)));

function writeLines(writes: WriteFigures): void {
  const { product: cost, rows } = writes;
  const rate = (ms: number) => Math.round((2 * rows) / (ms / 1000));
  const rowsMs = cost.sheetMs + cost.orderMs;
  line('rows only (no column)', `${(rowsMs / 1000).toFixed(1)} s (${rate(rowsMs)} rows/s)`);
  line(
    'rows + number column, same transactions',
    `${((rowsMs + cost.columnMs) / 1000).toFixed(1)} s (${rate(rowsMs + cost.columnMs)} rows/s)`,
  );
  line(
    'storage',
    `~${(cost.bytes / 1e6).toFixed(0)} MB in all, ${(cost.entries / (2 * rows)).toFixed(1)} entries a row; column ${(writes.columnChars / 1e6).toFixed(1)}M characters in ${writes.columnBuckets} buckets`,
  );
}

function report(version: string, writes: WriteFigures, figures: Figures): void {
  const { heavy } = figures;
  const sampled = (list: Timed[], what: string) =>
    of(list, what).filter((t) => !heavy.includes(t.text));
  const heavyLine = (list: Timed[], what: string) =>
    heavy
      .map((text) => {
        const t = of(list, what, [text])[0];
        return `"${text}" ${ms(t?.ms ?? Number.NaN)} (${t?.matches})`;
      })
      .join(', ');
  out(
    `\nNumber search at ${writes.rows} sheets + ${writes.rows} orders (Chromium ${version}, ${cpus().length} cores, load ${loadavg()[0]?.toFixed(1)})`,
  );
  out('the screen read ("contains" through the number column): first 50 rows + total');
  line(
    'purchase list ALL, fragments of 2–8 characters',
    summary(sampled(figures.windows, 'sheets').map((t) => t.ms)),
  );
  line(
    'order list ALL (order or purchase number)',
    summary(sampled(figures.windows, 'orders').map((t) => t.ms)),
  );
  line('  texts in many numbers, purchase list', heavyLine(figures.windows, 'sheets'));
  line('  texts in many numbers, order list', heavyLine(figures.windows, 'orders'));
  out('the filter step (ids of the matches), purchase list ALL, same fragments');
  line(
    'baseline: starts or ends with (find ranges)',
    summary(sampled(figures.filterStep, 'ends').map((t) => t.ms)),
  );
  line(
    'number column, contains (read + indexOf)',
    summary(sampled(figures.filterStep, 'column').map((t) => t.ms)),
  );
  line('  of which the read', summary(sampled(figures.filterStep, 'columnRead').map((t) => t.ms)));
  line('  of which indexOf', summary(sampled(figures.filterStep, 'columnScan').map((t) => t.ms)));
  line('  texts in many numbers, starts or ends', heavyLine(figures.filterStep, 'ends'));
  line('  texts in many numbers, column', heavyLine(figures.filterStep, 'column'));
  line('baseline: plain scan of every sheet', summary(figures.scans.map((t) => t.ms)));
  out('writing the rows (a transaction per 1,000, as a pull writes)');
  writeLines(writes);
}

async function main(): Promise<void> {
  const built = await buildBenchPage(new URL('./numberSearch/page/', import.meta.url).pathname);
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    const file = path.startsWith(BENCH_BASE) ? built.file(path.slice(BENCH_BASE.length)) : null;
    void Promise.resolve(file).then((found) => {
      if (!found) response.writeHead(404).end();
      else response.writeHead(200, { 'content-type': found.contentType }).end(found.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // A profile on disk, as a user's: a context without one keeps IndexedDB under a small quota.
  const profile = await scratchDir('purchasing-bench-number');
  const context = await chromium.launchPersistentContext(profile, LAUNCH_OPTIONS);
  try {
    // tsx keeps function names with an `__name` helper that functions sent to the page lack.
    await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    page.on('console', (message) => console.error(`  … ${message.text()}`));
    await page.goto(`http://127.0.0.1:${port}${BENCH_BASE}index.html`);
    await page.waitForFunction(() => 'numberBench' in window);
    type WithBench = { numberBench: NumberBench };
    const writes = await page.evaluate(
      (rows) => (window as unknown as WithBench).numberBench.fill(rows),
      ROWS,
    );
    const figures = await page.evaluate(
      (rounds) => (window as unknown as WithBench).numberBench.measure(rounds),
      ROUNDS,
    );
    const version = await page.evaluate(() => /Chrome\/([\d.]+)/.exec(navigator.userAgent)?.[1]);
    report(version ?? '?', writes, figures);
  } finally {
    await context.close();
    server.close();
    await built.dispose();
    await rm(profile, { recursive: true, force: true });
  }
}

await main();
