// V8's linear-time regexp fallback (security review H1): every way the server starts passes the
// flag, and under it a catastrophically backtracking pattern returns at once, on the main thread
// and in the document renderer's worker threads.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../../playwright.config';
import { REGEXP_FALLBACK_FLAG, regexpFallbackOn } from '../../server/regexpFallback';

const root = new URL('../..', import.meta.url).pathname;
const text = (path: string) => readFileSync(join(root, path), 'utf8');

async function serverNodeFlags(): Promise<string[]> {
  const lib = (await import(pathToFileURL(join(root, 'scripts/lib.mjs')).href)) as {
    SERVER_NODE_FLAGS: string[];
  };
  return lib.SERVER_NODE_FLAGS;
}

/** Runs a TypeScript file the way scripts/start.mjs runs the server; resolves with its stdout. */
function runAsServer(file: string, flags: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/tsx'), [...flags, file], {
      cwd: root,
      // Without the fallback the probe never returns: stop it rather than leave it spinning.
      timeout: 60_000,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve(out) : reject(new Error(`probe ${signal ?? code}: ${err}`)),
    );
  });
}

describe('the regexp fallback flag', () => {
  it('is passed by npm start, npm run dev, npm run server and the e2e server', async () => {
    const flags = await serverNodeFlags();
    expect(flags).toContain(REGEXP_FALLBACK_FLAG);
    expect(text('scripts/start.mjs')).toContain("[...SERVER_NODE_FLAGS, 'server/main.ts']");
    expect(text('scripts/dev.mjs')).toContain("...SERVER_NODE_FLAGS, 'server/main.ts']");
    const scripts = (JSON.parse(text('package.json')) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts.server).toBe(`tsx ${REGEXP_FALLBACK_FLAG} server/main.ts`);
    const webServer = config.webServer;
    expect(webServer && !Array.isArray(webServer) ? webServer.command : '').toContain(
      `${REGEXP_FALLBACK_FLAG} server/main.ts`,
    );
  });

  it('is read from the process arguments', () => {
    expect(regexpFallbackOn(['--import', 'tsx', REGEXP_FALLBACK_FLAG])).toBe(true);
    expect(regexpFallbackOn(['--import', 'tsx'])).toBe(false);
  });

  it('makes a catastrophic pattern return at once in the server process and its workers', async () => {
    const out = await runAsServer('tests/support/regexpProbe.ts', await serverNodeFlags());
    expect(JSON.parse(out.trim())).toEqual({ fallback: true, main: false, worker: false });
  }, 90_000);
});
