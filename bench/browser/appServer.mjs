// The real server for the browser benches (bench/lighthouse.mjs, bench/lighthouseA11y.ts): a
// child process on a free loopback port, on an in-memory PGlite with the demo data, serving the
// built app from `appDir`; resolves once /healthz answers.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { bin, root, SERVER_NODE_FLAGS } from '../../scripts/lib.mjs';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function startServer(appDir) {
  const port = await freePort();
  const server = spawn(bin('tsx'), [...SERVER_NODE_FLAGS, 'server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DEMO_DATA: 'on',
      SIM: 'off',
      APP_DIR: appDir,
      LOG_LEVEL: 'warn',
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const up = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { origin, stop: () => server.kill('SIGTERM') };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill('SIGTERM');
  throw new Error('server did not start within 60 s');
}
