// `npm run bench`: builds when needed, then runs every benchmark in bench/ and prints its figures.
import { readdirSync } from 'node:fs';
import { bin, ensureBuilt, ensureDependencies, run } from './lib.mjs';

await ensureDependencies();
await ensureBuilt();
const benches = readdirSync(new URL('../bench/', import.meta.url)).filter((f) =>
  /\.(mjs|ts)$/.test(f),
);
for (const file of benches.sort()) {
  console.info(`\n▶ bench/${file}`);
  await run(file.endsWith('.ts') ? bin('tsx') : process.execPath, [`bench/${file}`]);
}
