// Global setup of the proxy suite (playwright.proxy.config.ts): the deployment of
// deploy/nginx/purchasing.conf for real, small. One PostgreSQL database, two server processes on
// it started together (migrations and the demo seed take their advisory locks), and Debian's
// nginx, unprivileged, in front of both over https (http/2, a certificate made for 127.0.0.1).
// The spec finds the addresses in the environment.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, startPostgres } from './postgres';

const root = new URL('../..', import.meta.url).pathname;
export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** What the spec reads (process.env reaches the workers Playwright starts after this setup). */
export const STACK_ENV = {
  url: 'PROXY_E2E_URL',
  serverA: 'PROXY_E2E_SERVER_A',
  serverB: 'PROXY_E2E_SERVER_B',
  accessLog: 'PROXY_E2E_ACCESS_LOG',
  /** nginx's plain http address, which only redirects to https. */
  httpUrl: 'PROXY_E2E_HTTP_URL',
  /** The test certificate (the CA to trust for the https address). */
  ca: 'PROXY_E2E_CA',
} as const;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The repository's site file with its placeholders filled (the envsubst of docs/deploy.md),
 * inside the smallest main configuration an unprivileged nginx needs: its own prefix, pid, logs
 * and temporary folders.
 */
export function nginxConfig(
  dir: string,
  values: { listen: string; httpListen: string; upstreams: string; accessLog: string },
): string {
  const tls = selfSignedCertificate(dir);
  const filled: Record<string, string> = {
    PURCHASING_LISTEN: values.listen,
    PURCHASING_HTTP_LISTEN: values.httpListen,
    PURCHASING_SERVER_NAME: '127.0.0.1',
    PURCHASING_TLS_CERT: tls.cert,
    PURCHASING_TLS_KEY: tls.key,
    PURCHASING_UPSTREAMS: values.upstreams,
    PURCHASING_ACCESS_LOG: values.accessLog,
  };
  const template = readFileSync(join(root, 'deploy/nginx/purchasing.conf'), 'utf8');
  const site = template.replace(/\$\{(PURCHASING_[A-Z_]+)\}/g, (placeholder, name: string) => {
    const value = filled[name];
    if (value === undefined) {
      throw new Error(`deploy/nginx/purchasing.conf: no value for the placeholder ${placeholder}`);
    }
    return value;
  });
  writeFileSync(join(dir, 'purchasing.conf'), site);
  return [
    // One worker: round robin then alternates strictly, and the test machine has two cores.
    'worker_processes 1;',
    'events { worker_connections 256; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    `  client_body_temp_path ${join(dir, 'client_body')};`,
    `  proxy_temp_path ${join(dir, 'proxy')};`,
    `  fastcgi_temp_path ${join(dir, 'fastcgi')};`,
    `  uwsgi_temp_path ${join(dir, 'uwsgi')};`,
    `  scgi_temp_path ${join(dir, 'scgi')};`,
    `  include ${join(dir, 'purchasing.conf')};`,
    '}',
    '',
  ].join('\n');
}

/**
 * A certificate for 127.0.0.1 made with Debian's openssl, in `dir` (cert.pem, key.pem): the
 * site file serves https only. Callers that check it pass cert.pem as their CA.
 */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  if (existsSync(cert) && existsSync(key)) return { cert, key };
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate:\n${made.stderr}`);
  return { cert, key };
}

export interface Started {
  child: ChildProcess;
  stop(): Promise<void>;
}

export function stopper(child: ChildProcess, signal: NodeJS.Signals): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
}

/**
 * Resolves once the process prints `ready`; rejects when it exits first or takes longer than
 * `ms`. The error carries the end of what it printed.
 */
export function waitForLine(child: ChildProcess, ready: RegExp, what: string, ms = 90_000) {
  return new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`${what} did not start in ${ms / 1000} s:\n${output}`)),
      ms,
    );
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4000);
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${signal ?? code}) before it was ready:\n${output}`));
    });
  });
}

/**
 * The child's two output streams into one log file. The first stream to end must not end the
 * file (the other may still write, as when a SIGKILL closes them in turn): the child's close does.
 */
export function logOutput(child: ChildProcess, logFile: string): void {
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  child.once('close', () => log.end());
}

export function startServer(
  name: string,
  port: number,
  env: Record<string, string>,
  dir: string,
): { started: Started; ready: Promise<void> } {
  const logFile = join(dir, `server-${name}.log`);
  const child = spawn(
    join(root, 'node_modules/.bin/tsx'),
    ['--enable-experimental-regexp-engine-on-excessive-backtracks', 'server/main.ts'],
    {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  logOutput(child, logFile);
  return {
    started: { child, stop: stopper(child, 'SIGTERM') },
    ready: waitForLine(child, /ready at http/, `server ${name} (log: ${logFile})`),
  };
}

/** The status of GET `url`, over https trusting `ca` (a certificate file) when given. */
export function statusOf(url: string, ca?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const options = ca ? { ca: readFileSync(ca) } : {};
    const request = (url.startsWith('https:') ? httpsGet : httpGet)(url, options, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
}

export async function waitForProxy(url: string, ca?: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      if ((await statusOf(`${url}/healthz`, ca)) === 200) return;
    } catch {
      // nginx not listening yet
    }
    if (Date.now() > deadline) throw new Error(`nginx did not answer ${url}/healthz in 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  const started = Date.now();
  if (!existsSync(NGINX)) {
    throw new Error(
      `nginx not found at ${NGINX}: install Debian's (apt-get install -y nginx; npm test does it when root) or set NGINX_PATH.`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'proxy-e2e-'));
  // Started as root, nginx's workers run as nobody and need to reach their temporary folders.
  chmodSync(dir, 0o755);
  const cleanups: Array<() => Promise<void> | void> = [() => rmSync(dir, { recursive: true })];
  const teardown = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(error);
      }
    }
  };
  try {
    const [pgPort, proxyPort, httpPort, portA, portB] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const postgres = startPostgres(pgPort);
    cleanups.push(() => postgres.stop());
    const database = await createDatabase(
      postgres.url,
      `proxy_${randomUUID().replaceAll('-', '')}`,
    );
    cleanups.push(() => database.drop());

    const url = `https://127.0.0.1:${proxyPort}`;
    const env = {
      DATABASE_URL: database.url,
      PUBLIC_URL: url,
      // One nginx in front: the servers believe exactly its X-Forwarded-* hop.
      TRUST_PROXY: '1',
      DEMO_DATA: 'on',
      SIM: 'off',
      LOG_LEVEL: 'warn',
      // The demo seed runs in the servers' processes and may stand their loops still.
      HEALTH_LOOP_BLOCK_MS: '0',
      DATA_DIR: 'memory://',
    };
    // Started together, as an operator's process manager does: one migrates and seeds, the
    // other waits on the advisory locks and finds the work done.
    const a = startServer('a', portA, env, dir);
    const b = startServer('b', portB, env, dir);
    cleanups.push(a.started.stop, b.started.stop);
    await Promise.all([a.ready, b.ready]);

    const accessLog = join(dir, 'access.log');
    const upstreams = join(dir, 'upstreams.conf');
    writeFileSync(upstreams, `server 127.0.0.1:${portA};\nserver 127.0.0.1:${portB};\n`);
    writeFileSync(
      join(dir, 'nginx.conf'),
      nginxConfig(dir, {
        listen: `127.0.0.1:${proxyPort}`,
        httpListen: `127.0.0.1:${httpPort}`,
        upstreams,
        accessLog,
      }),
    );
    const check = spawnSync(
      NGINX,
      ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), ...nginxGlobals(dir)],
      {
        encoding: 'utf8',
      },
    );
    if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
    const nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), ...nginxGlobals(dir)], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    // SIGQUIT: nginx finishes the requests in flight and closes the websockets, then exits.
    cleanups.push(stopper(nginx, 'SIGQUIT'));
    await waitForProxy(url, selfSignedCertificate(dir).cert);

    process.env[STACK_ENV.url] = url;
    process.env[STACK_ENV.httpUrl] = `http://127.0.0.1:${httpPort}`;
    process.env[STACK_ENV.ca] = selfSignedCertificate(dir).cert;
    process.env[STACK_ENV.serverA] = `http://127.0.0.1:${portA}`;
    process.env[STACK_ENV.serverB] = `http://127.0.0.1:${portB}`;
    process.env[STACK_ENV.accessLog] = accessLog;
    console.info(
      `Proxy stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s: nginx ${url} → 127.0.0.1:${portA}, 127.0.0.1:${portB}`,
    );
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

export function nginxGlobals(dir: string): string[] {
  return ['-g', `daemon off; pid ${join(dir, 'nginx.pid')}; error_log stderr warn;`];
}
