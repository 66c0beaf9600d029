// `npm run dev`: the reference server (restarted on change) plus Vite with hot reload in front
// of it; open the URL Vite prints. PORT is the server's port, Vite proxies to it.
import { spawn } from 'node:child_process';
import { bin, ensureDependencies, root, SERVER_NODE_FLAGS } from './lib.mjs';

await ensureDependencies();

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', ...SERVER_NODE_FLAGS, 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Vite's origin signs in against the server's provider (redirect and CORS origins).
    env: {
      ...process.env,
      DEV_ORIGINS: process.env.DEV_ORIGINS ?? 'http://localhost:5173,http://127.0.0.1:5173',
    },
  }),
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit' }),
];
const stopAll = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
