// `npm test`: installs what is missing (dependencies; Debian's chromium, poppler-utils, PostgreSQL
// and nginx), then type check, lint, build, unit + integration tests (vitest, with the system
// fault tests), the end-to-end suite (Playwright, real server, real Chromium) and the proxy suite
// (nginx in front of two servers on PostgreSQL). Stops at the first failing step.

import {
  bin,
  ensureBuilt,
  ensureChromium,
  ensureDependencies,
  ensureNginx,
  ensurePoppler,
  ensurePostgresServer,
  run,
  step,
} from './lib.mjs';
import { runProxySuite } from './proxySuite.mjs';

const started = Date.now();
const timings = [];
async function timed(title, action) {
  step(title);
  const t0 = Date.now();
  await action();
  timings.push(`${title}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

try {
  await ensureDependencies();
  // Everything the suites run, installed first (Debian's packages, when missing and root): the
  // browser, the PDF readers of the document tests, and the PostgreSQL and nginx the system
  // fault tests and the proxy suite start themselves.
  await ensureChromium();
  await ensurePoppler();
  await ensurePostgresServer();
  await ensureNginx();
  await timed('Type check', () => run('npm', ['run', '--silent', 'typecheck']));
  await timed('Lint and format check', () =>
    run(bin('biome'), ['check', '--error-on-warnings', '.']),
  );
  await timed('Build (the app, then the server)', async () => {
    await ensureBuilt({ force: true });
    // Loaded only now: it needs esbuild, which a fresh clone has after ensureDependencies.
    const { buildServer } = await import('./buildServer.mjs');
    await buildServer();
  });
  await timed('Unit and integration tests (vitest)', () => run(bin('vitest'), ['run']));
  await timed('End-to-end tests (Playwright, Chromium)', () => run(bin('playwright'), ['test']));
  await timed('Proxy suite (nginx, two server processes, PostgreSQL)', runProxySuite);
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
}
console.info(`\n✔ All checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
for (const line of timings) console.info(`  ${line}`);
