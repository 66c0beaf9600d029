// `npm run dev`: the reference server (restarted on change) plus Vite with hot reload in front
// of it; open the URL Vite prints. PORT is the server's port, Vite proxies to it.
import { spawn } from 'node:child_process';
import { bin, ensureDependencies, root } from './lib.mjs';

await ensureDependencies();

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
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
