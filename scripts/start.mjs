// `npm start`: everything a fresh clone needs, then the reference server serving the built app.
import { spawn } from 'node:child_process';
import { bin, ensureBuilt, ensureDependencies, root, SERVER_NODE_FLAGS } from './lib.mjs';

try {
  await ensureDependencies();
  await ensureBuilt();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

// `npm start -- --https`: https on every address with a local certificate, for phones on the
// office network (HTTPS in README's table).
const https = process.argv.includes('--https');
const env = https
  ? { ...process.env, HTTPS: 'on', HOST: process.env.HOST || '0.0.0.0' }
  : process.env;
const server = spawn(bin('tsx'), [...SERVER_NODE_FLAGS, 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
