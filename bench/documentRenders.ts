// Server figures of the report export's PDF renders: N renders started together,
//  - inline: renderPdf on the main thread, as the generate route did before the render pool;
//  - pool: through the route's renderer (server/documents/renderPool.ts: piscina worker threads,
//    DOCUMENT_RENDERS threads), with 1 thread (the default) and with one per core.
// For each, in the same run: how late the event loop ran a 10 ms timer while the renders ran
// (perf_hooks.monitorEventLoopDelay, p50 / p99 / max, the timer's own 10 ms taken off: what every
// other request of the server waits meanwhile; inline, the renders run back to back without
// yielding, so the loop stalls once, for all of them), and renders/s. The workers are started and warm
// before the pool is timed; their cold start (thread, tsx, fonts) is printed on its own.
// Document: the engine tests' sample contract (tests/documents/samples.ts) with BENCH_DOC_ROWS
// table rows (default 40: two A4 pages). BENCH_RENDERS renders at once (default 16).
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createDocumentRenderer } from '../server/documents/renderPool';
import { nodeFontSource } from '../src/documents/fonts/node/nodeFontSource';
import { renderPdf } from '../src/documents/pdf/render';
import { contractSpec } from '../tests/documents/samples';

const RENDERS = Number(process.env.BENCH_RENDERS ?? 16);
const ROWS = Number(process.env.BENCH_DOC_ROWS ?? 40);
const RESOLUTION_MS = 10;
const spec = contractSpec(ROWS);

type Figures = Record<string, string>;

/** Runs the renders together, measuring the event loop's lateness and the throughput. */
async function measure(render: () => Promise<Uint8Array>): Promise<Figures> {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  const late = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION_MS).toFixed(1);
  const ticks = (count: number) =>
    new Promise((resolve) => setTimeout(resolve, count * RESOLUTION_MS));
  delay.enable();
  await ticks(3); // the histogram's timer measures from its first tick on
  const started = performance.now();
  const sizes = await Promise.all(Array.from({ length: RENDERS }, () => render()));
  const seconds = (performance.now() - started) / 1000;
  // A few more ticks, so a stall that lasted until the renders ended is recorded too.
  await ticks(3);
  delay.disable();
  if (sizes.some((bytes) => bytes.length !== sizes[0]?.length)) throw new Error('bytes differ');
  return {
    'loop delay p50 (ms)': late(delay.percentile(50)),
    'loop delay p99 (ms)': late(delay.percentile(99)),
    'loop delay max (ms)': late(delay.max),
    'renders/s': (RENDERS / seconds).toFixed(1),
    'wall time (s)': seconds.toFixed(2),
  };
}

const fonts = await nodeFontSource.load();
const inline = () => renderPdf(spec, fonts);
for (let i = 0; i < 3; i++) await inline(); // warm, as the pool's workers will be
const results: Array<[string, Figures]> = [['inline', await measure(inline)]];

const cores = availableParallelism();
for (const threads of [...new Set([1, cores])]) {
  const renderer = createDocumentRenderer({ threads, maxWaiting: RENDERS });
  const render = () => renderer.render(spec);
  try {
    const cold = performance.now();
    await Promise.all(Array.from({ length: threads }, render));
    const coldMs = performance.now() - cold;
    for (let i = 0; i < 3; i++) await Promise.all(Array.from({ length: threads }, render));
    const figures = await measure(render);
    figures['cold start (ms)'] = coldMs.toFixed(0);
    results.push([`pool ×${threads}`, figures]);
  } finally {
    await renderer.close();
  }
}

console.info(
  `document renders: ${RENDERS} at once, contract of ${ROWS} rows (${(await inline()).length} bytes); ` +
    `${cores} cores, load ${loadavg()[0]?.toFixed(2)}`,
);
const keys = [...new Set(results.flatMap(([, figures]) => Object.keys(figures)))];
console.info(`  ${'figure'.padEnd(22)}${results.map(([name]) => name.padStart(12)).join('')}`);
for (const key of keys) {
  console.info(
    `  ${key.padEnd(22)}${results.map(([, f]) => (f[key] ?? '–').padStart(12)).join('')}`,
  );
}
