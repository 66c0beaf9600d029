// `npm run start:prod`: the production build (`npm run build`: dist/ and dist-server/) run by
// plain Node with NODE_ENV=production (no demo data, no simulator, the production checks of
// server/main.ts). CLUSTER_WORKERS=n starts n processes on one port (dist-server/scripts/cluster.js,
// PostgreSQL only). It never builds or installs anything itself: a production host runs exactly
// what was built.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root, SERVER_NODE_FLAGS } from './lib.mjs';

const server = join(root, 'dist-server', 'server', 'main.js');
const cluster = join(root, 'dist-server', 'scripts', 'cluster.js');
const app = join(root, process.env.APP_DIR || 'dist', 'index.html');
for (const [path, what] of [
  [server, 'the server build'],
  [app, 'the app build'],
]) {
  if (!existsSync(path)) {
    console.error(`${what} is missing (${path}): run \`npm run build\` first.`);
    process.exit(1);
  }
}

const entry = process.env.CLUSTER_WORKERS ? cluster : server;
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
