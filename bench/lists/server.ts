// The real server for the list bench, as `npm start` runs it: its own process (the browser's
// pages and the server would otherwise share this one's event loop), on a scratch copy of the
// seeded database, serving the built app so the bench drives the product itself.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;

export interface RunningServer {
  origin: string;
  stop(): Promise<void>;
}

async function healthy(origin: string, deadline: number): Promise<void> {
  for (;;) {
    try {
      const answer = await fetch(`${origin}/healthz`);
      if (answer.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`the server at ${origin} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

export async function startServer(options: {
  dataDir: string;
  appDir: string;
  port: number;
}): Promise<RunningServer> {
  const origin = `http://127.0.0.1:${options.port}`;
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      APP_DIR: options.appDir,
      DEMO_DATA: 'off',
      SIM: 'off',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    await healthy(origin, Date.now() + 120_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    origin,
    stop: async () => {
      child.kill('SIGTERM');
      await stopped(child);
    },
  };
}
