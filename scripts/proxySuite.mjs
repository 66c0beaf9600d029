// The proxy suite (`npm run test:proxy`, and a step of `npm test`): the built app through Debian's
// nginx in front of two server processes on one PostgreSQL (e2e/proxy/). Installs nginx and
// PostgreSQL when missing and it can; builds the app only when it is stale.
import { pathToFileURL } from 'node:url';
import {
  bin,
  ensureBuilt,
  ensureChromium,
  ensureDependencies,
  ensureNginx,
  ensurePostgresServer,
  run,
} from './lib.mjs';

/** Runs the suite; `npm test` has installed and built everything before. */
export async function runProxySuite() {
  await ensureNginx();
  await ensurePostgresServer();
  await run(bin('playwright'), ['test', '-c', 'playwright.proxy.config.ts']);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await ensureDependencies();
    await ensureChromium();
    await ensureBuilt();
    const started = Date.now();
    await runProxySuite();
    console.info(`\n✔ Proxy suite passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } catch (error) {
    console.error(`\n✖ ${error.message}`);
    process.exit(1);
  }
}
