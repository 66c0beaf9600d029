// Prints what a first visit downloads before the app can render (the entry script, its static
// imports and CSS, gzip-compressed), against the whole precache the service worker stores, and
// the service worker's own script, parsed at each of its starts (it holds the sync engine for
// delivery while the app is closed).
// Run after `npm run build`: `npm run bench`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map(
  (m) => m[1],
);

const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path.slice(dist.length)];
  });
}
const precached = walk(dist).filter((file) => /\.(js|css|html|svg|png|woff2)$/.test(file));

const initialGz = initial.reduce((sum, file) => sum + gz(file), 0);
const precacheGz = precached.reduce((sum, file) => sum + gz(file), 0);
console.info('bundle size (gzip)');
for (const file of initial) console.info(`  initial  ${file.padEnd(40)} ${kb(gz(file))}`);
console.info(`  initial total                                     ${kb(initialGz)}`);
console.info(
  `  precache total (${precached.length} files)                       ${kb(precacheGz)}`,
);
console.info(
  `  initial / precache ratio                          ${(initialGz / precacheGz).toFixed(2)}`,
);
const swBytes = statSync(join(dist, 'sw.js')).size;
console.info(
  `  service worker sw.js                              ${kb(gz('sw.js'))} (${kb(swBytes)} raw)`,
);
