// Builds the bench page (bench/browser/page/) with Vite's build API into a temp folder, as the
// app is built: src/sync/client.ts's `new Worker(new URL('./worker.ts', import.meta.url))` becomes
// the product's module worker bundle, the raw baseline's worker likewise. The driver serves the
// folder under `/__bench/` at the server's origin, so the page's API calls are same-origin.
import { readFile, rm } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { build } from 'vite';
import { scratchDir } from './scratch';

export const BENCH_BASE = '/__bench/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

export interface BuiltPage {
  /** The file under `/__bench/` (path after the base), or null when there is none. */
  file(path: string): Promise<{ body: Buffer; contentType: string } | null>;
  dispose(): Promise<void>;
}

/** Builds the page in `root` (default the sync bench's, bench/browser/page/). */
export async function buildBenchPage(
  root = new URL('./page/', import.meta.url).pathname,
): Promise<BuiltPage> {
  const outDir = await scratchDir('purchasing-bench-page');
  await build({
    configFile: false,
    root,
    base: BENCH_BASE,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      reportCompressedSize: false,
      // Rolldown's note on slow plugins (bundling the workers) is noise in a bench's output.
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
    worker: { format: 'es' },
  });
  return {
    async file(path) {
      const relativePath = normalize(path || 'index.html');
      if (relativePath.startsWith('..')) return null;
      try {
        const body = await readFile(join(outDir, relativePath));
        return { body, contentType: TYPES[extname(relativePath)] ?? 'application/octet-stream' };
      } catch {
        return null;
      }
    },
    dispose: () => rm(outDir, { recursive: true, force: true }),
  };
}
