// `npm run start:cluster`: what `npm start` installs and builds, then several server processes on
// one port (scripts/cluster.ts; DATABASE_URL required, CLUSTER_WORKERS processes, default 2).
import { spawn } from 'node:child_process';
import { bin, ensureBuilt, ensureDependencies, root, SERVER_NODE_FLAGS } from './lib.mjs';

if (!process.env.DATABASE_URL) {
  console.error(
    'start:cluster 需要 PostgreSQL：请设置 DATABASE_URL（内置的 PGlite 数据库只能由一个进程打开）。\n' +
      'start:cluster needs PostgreSQL: set DATABASE_URL (the embedded PGlite database can be opened by one process only).',
  );
  process.exit(1);
}
try {
  await ensureDependencies();
  await ensureBuilt();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const primary = spawn(bin('tsx'), [...SERVER_NODE_FLAGS, 'scripts/cluster.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => primary.kill(signal));
primary.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
