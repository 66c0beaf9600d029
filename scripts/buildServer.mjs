// The server's production build (issue 21 item 1), part of `npm run build`: every TypeScript
// file the server's entry points reach, compiled one to one into dist-server/ under its own path
// (dist-server/server/main.js, dist-server/src/domain/…), so a file's `import.meta.url`-relative
// reads (migrations, logos, the PDF fonts, the render worker) find what this script copies beside
// it. Packages stay in node_modules; nothing is transpiled at run time, so `tsx` is not needed.

import { existsSync, statSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

export const SERVER_OUT = join(root, 'dist-server');

/** What starts: the server, the PDF render worker it spawns, the cluster primary, the backups. */
const ENTRY_POINTS = [
  'server/main.ts',
  'server/documents/renderWorker.ts',
  'scripts/cluster.ts',
  'scripts/backup.ts',
  'scripts/restore.ts',
];

/** Folders read at run time relative to their module, copied to the same place in the output. */
const ASSETS = ['server/db/migrations', 'server/demo/seed/logos', 'src/documents/fonts/generated'];

const common = {
  absWorkingDir: root,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Chinese messages stay readable in the output (and in stack traces), not \u escapes.
  charset: 'utf8',
  packages: 'external',
  logLevel: 'warning',
};

/** The `.ts` file a relative import names: `./x` → `./x.ts`, `./dir` → `./dir/index.ts`. */
function sourceOf(resolveDir, path) {
  const base = join(resolveDir, path);
  if (path.endsWith('.ts') && existsSync(base))
    return { file: base, js: path.replace(/\.ts$/, '.js') };
  if (existsSync(`${base}.ts`)) return { file: `${base}.ts`, js: `${path}.js` };
  if (existsSync(base) && statSync(base).isDirectory() && existsSync(join(base, 'index.ts'))) {
    return { file: join(base, 'index.ts'), js: `${path}/index.js` };
  }
  return null;
}

/** Keeps each relative import an import of the neighbouring output file (with its `.js`). */
const keepModules = {
  name: 'keep-modules',
  setup(builder) {
    builder.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      const source = sourceOf(args.resolveDir, args.path);
      if (!source) {
        return {
          errors: [{ text: `cannot find ${args.path} from ${relative(root, args.importer)}` }],
        };
      }
      return { path: source.js, external: true };
    });
  },
};

export async function buildServer() {
  // Pass 1: which sources the entry points reach (one bundle, thrown away).
  const probe = await build({
    ...common,
    entryPoints: ENTRY_POINTS,
    bundle: true,
    write: false,
    metafile: true,
    outdir: join(root, 'dist-server-probe'),
  });
  const inputs = Object.keys(probe.metafile.inputs);
  const strange = inputs.filter((input) => !input.endsWith('.ts'));
  if (strange.length > 0) throw new Error(`server build: cannot compile ${strange.join(', ')}`);
  // Pass 2: each source on its own, at its own path.
  await rm(SERVER_OUT, { recursive: true, force: true });
  await build({
    ...common,
    entryPoints: inputs,
    outbase: '.',
    outdir: SERVER_OUT,
    bundle: true,
    sourcemap: true,
    plugins: [keepModules],
  });
  for (const asset of ASSETS) {
    if (!existsSync(join(root, asset))) throw new Error(`server build: ${asset} is missing`);
    await mkdir(join(SERVER_OUT, asset, '..'), { recursive: true });
    await cp(join(root, asset), join(SERVER_OUT, asset), { recursive: true });
  }
  return inputs.length;
}

if (process.argv[1] && relative(root, process.argv[1]) === 'scripts/buildServer.mjs') {
  const files = await buildServer();
  console.info(`Server built: ${files} modules in ${relative(root, SERVER_OUT)}/`);
}
