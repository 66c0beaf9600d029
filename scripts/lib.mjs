// Helpers for the npm scripts: they run on a fresh clone with nothing but Node and npm, so this
// file uses only Node's standard library.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;
export const bin = (name) => join(root, 'node_modules', '.bin', name);

/**
 * Node flags of every server process: V8 re-runs a regular expression that backtracks too much on
 * its linear-time engine instead of freezing the process (security review H1; server/regexpFallback.ts).
 * tsx hands them on to the node process it starts.
 */
export const SERVER_NODE_FLAGS = ['--enable-experimental-regexp-engine-on-excessive-backtracks'];

export function step(title) {
  console.info(`\n▶ ${title}`);
}

/** Runs a command with inherited output; rejects with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** `npm ci` when node_modules is missing or older than package-lock.json. */
export async function ensureDependencies() {
  const installed = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  step('Installing dependencies (npm ci)');
  await run('npm', ['ci', '--no-audit', '--no-fund']);
}

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Builds the app when dist/ is missing or older than any of its sources. */
export async function ensureBuilt({ force = false } = {}) {
  const built = join(root, 'dist', 'index.html');
  const sources = ['src', 'sw', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
  const stale =
    !existsSync(built) ||
    sources.some((source) => newestMtime(join(root, source)) > statSync(built).mtimeMs);
  if (!force && !stale) return;
  step('Building the app (vite build)');
  await run(bin('vite'), ['build']);
}

export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Debian's Chromium for Playwright; installed with apt when missing and we are root. */
export async function ensureChromium() {
  if (existsSync(chromiumPath)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`,
    );
  }
  step('Installing Debian chromium (apt-get)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { env });
}

export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Installs Debian packages with apt when we are root; otherwise says what to install. */
async function ensureDebian(what, packages, present) {
  if (present()) return;
  if (!isRoot()) {
    throw new Error(
      `${what} not found. Install it (sudo apt-get install -y ${packages.join(' ')}) and run again.`,
    );
  }
  step(`Installing Debian ${packages.join(', ')} (apt-get)`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { env });
}

/** Debian's poppler-utils: the document tests read the PDFs back with pdftotext and pdftoppm. */
export function ensurePoppler() {
  return ensureDebian('pdftotext and pdftoppm (for the document tests)', ['poppler-utils'], () =>
    ['pdftotext', 'pdftoppm'].every(hasCommand),
  );
}

export const nginxPath = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** Debian's nginx for the proxy suite (e2e/proxy/): it runs unprivileged, started by the test. */
export function ensureNginx() {
  return ensureDebian('nginx (for the proxy suite)', ['nginx'], () => existsSync(nginxPath));
}

/**
 * Debian's PostgreSQL server binaries: the system fault tests start and restart a PostgreSQL of
 * their own (tests/support/privatePostgres.ts) even when TEST_DATABASE_URL names a running server,
 * and the proxy suite starts a throwaway one when it does not (e2e/proxy/postgres.ts).
 */
export function ensurePostgresServer() {
  const present = () =>
    existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((version) =>
      existsSync(join('/usr/lib/postgresql', version, 'bin', 'initdb')),
    );
  return ensureDebian(
    'PostgreSQL (for the system fault tests and the proxy suite)',
    ['postgresql'],
    present,
  );
}
