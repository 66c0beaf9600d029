// Several server processes behind a real nginx (issue 19 item 3; DESIGN §7 scale-out): a browser
// signs in through the proxy while round robin hands the provider's interaction from one process
// to the other, syncs, and keeps its live channel through the proxy; a change made directly on
// either process then shows live on the page, so one of them crossed processes (LISTEN/NOTIFY).
// nginx's access log (deploy/nginx/purchasing.conf, `upstream=`) names the process of each
// request and, once the socket closes, of the websocket.
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { connect as connectHttp2 } from 'node:http2';
import { expect, type Page, test, type WebSocket } from '@playwright/test';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import { appSession, bearer } from '../fixtures/appSession';
import { BuyerApi } from '../fixtures/BuyerApi';
import { DEMO_PASSWORD, LoginPage } from '../fixtures/LoginPage';
import { NavMenu } from '../fixtures/NavMenu';
import { OrderDetailPage } from '../fixtures/OrderDetailPage';
import { LANDING_URL, ShellPage } from '../fixtures/ShellPage';
import { STACK_ENV } from './stack';

function stackValue(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run with playwright.proxy.config.ts`);
  return value;
}

const proxyUrl = stackValue(STACK_ENV.url);
const servers = { A: stackValue(STACK_ENV.serverA), B: stackValue(STACK_ENV.serverB) };
const accessLog = stackValue(STACK_ENV.accessLog);
type ProcessName = keyof typeof servers;

test.use({ baseURL: proxyUrl });

interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  process: ProcessName | 'both' | 'none';
}

/** The access log's lines after `from` (a byte offset), each with the process that answered. */
function loggedSince(from: number): LoggedRequest[] {
  const text = readFileSync(accessLog).subarray(from).toString('utf8');
  const hostOf = (url: string) => new URL(url).host;
  const lines: LoggedRequest[] = [];
  for (const line of text.split('\n')) {
    const match = /"(\w+) (\S+) HTTP\/[\d.]+" (\d+) \d+ upstream=(\S+(?:, \S+)*)/.exec(line);
    if (!match) continue;
    const [, method = '', path = '', status = '0', upstream = ''] = match;
    const hosts = upstream.split(', ');
    const hitA = hosts.includes(hostOf(servers.A));
    const hitB = hosts.includes(hostOf(servers.B));
    lines.push({
      method,
      path,
      status: Number(status),
      process: hitA && hitB ? 'both' : hitA ? 'A' : hitB ? 'B' : 'none',
    });
  }
  return lines;
}

const logSize = () => readFileSync(accessLog).length;

/** A mark in the page's DOM: a reload or a navigation drops it. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    document.documentElement.dataset.proxyTest = 'not reloaded';
  });
}

/** Waits until nginx has logged nothing new for a second: the page's own fetches are done. */
async function quietLog() {
  let size = logSize();
  let quietSince = Date.now();
  const deadline = Date.now() + 15_000;
  while (Date.now() - quietSince < 1000) {
    if (Date.now() > deadline) throw new Error('nginx kept logging requests for 15 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = logSize();
    if (now !== size) {
      size = now;
      quietSince = Date.now();
    }
  }
}

test('through nginx in front of two processes: sign in, sync, and live changes from either process', async ({
  page,
  context,
  request,
}) => {
  const start = logSize();
  const sockets: WebSocket[] = [];
  page.on('websocket', (socket) => sockets.push(socket));

  // Sign in through the app and the embedded provider, all through nginx. Once the page is
  // quiet, round robin alternates strictly: the sign-in the login form's POST finishes on one
  // process is resumed (GET /oidc/auth/{uid}) on the other.
  await page.goto('/home');
  const login = new LoginPage(page);
  await login.expectShown();
  await quietLog();
  const beforePost = logSize();
  await login.signIn('buyer', DEMO_PASSWORD);
  await page.waitForURL(LANDING_URL);
  const provider = loggedSince(beforePost).filter((line) => line.path.startsWith('/oidc/'));
  const post = provider.find(
    (line) => line.method === 'POST' && /^\/oidc\/interaction\/[^/]+\/login$/.test(line.path),
  );
  const uid = post?.path.split('/')[3];
  const resume = provider.find(
    (line) => line.method === 'GET' && line.path === `/oidc/auth/${uid}`,
  );
  expect(post?.status).toBe(303);
  expect(resume?.status).toBe(303);
  expect(post?.process).toMatch(/^[AB]$/);
  expect(resume?.process).toMatch(/^[AB]$/);
  expect(resume?.process).not.toBe(post?.process);
  const signInProcesses = new Set(provider.map((line) => line.process));
  expect([...signInProcesses].sort()).toEqual(['A', 'B']);

  // A first sync through the proxy: the header says synced, and the purchase list, opened from
  // the menu (a route change in the page, so the live socket stays the first one), shows rows.
  const shell = new ShellPage(page);
  await shell.synced();
  await new NavMenu(page, shell).go('询价采购');
  await expect(page.getByTestId('list-row').first()).toBeVisible();
  const feed = loggedSince(start).filter((line) => line.path.startsWith('/sync-api/v1/changes'));
  expect(feed.length).toBeGreaterThan(0);
  expect(feed.every((line) => line.status === 200)).toBe(true);

  // The live channel: a websocket, upgraded through nginx.
  await expect.poll(() => sockets.length).toBe(1);
  expect(sockets[0]?.url()).toBe(`${proxyUrl.replace(/^http/, 'ws')}/ws`);

  const { token } = await appSession(page, request);
  const api = await BuyerApi.of(page, request);
  const order = (await api.orders()).items.find(
    (candidate) => candidate.state < 90 && candidate.state > 0 && !candidate.order_base_state,
  );
  if (!order) throw new Error('the demo data has an order in progress');
  const before = order.current_order_node.contacts_user;
  const [first, second] = (await api.staff()).filter((person) => person.id !== before?.id);
  if (!first || !second) throw new Error('the company has two other colleagues');
  const detail = new OrderDetailPage(page);
  await page.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`);
  await expect(detail.number).toContainText(order.name, { timeout: 20_000 });
  await expect(detail.owner).toHaveText(before?.name ?? '未指定');
  // Opening the address loaded the app anew: the first socket closed (nginx logged it) and the
  // new page opened its own.
  await expect.poll(() => sockets.length).toBe(2);
  const live = sockets[1];
  await expect
    .poll(() => loggedSince(start).filter((line) => line.path.startsWith('/ws')).length)
    .toBe(1);
  const beforeChanges = logSize();
  await markPage(page);

  // An owner change made directly on each process (not through nginx), with the app's token:
  // the page shows each within seconds, without a reload. The socket sits on one of them, so
  // one change reached it through the other process and PostgreSQL's NOTIFY.
  const shownAfter: Record<ProcessName, number> = { A: 0, B: 0 };
  for (const [name, owner] of [
    ['A', first],
    ['B', second],
  ] as const) {
    const sent = Date.now();
    const changed = await request.put(
      `${servers[name]}/orders-api/v7/orders/${order.id}/follower?currentCompanyId=${api.companyId}`,
      { headers: bearer(token), data: { follower_id: owner.id } },
    );
    expect(changed.status(), await changed.text()).toBe(200);
    await expect(detail.owner).toHaveText(owner.name, { timeout: 10_000 });
    shownAfter[name] = Date.now() - sent;
  }
  expect(await page.evaluate(() => document.documentElement.dataset.proxyTest)).toBe(
    'not reloaded',
  );
  expect(sockets).toHaveLength(2);
  expect(live?.isClosed()).toBe(false);

  // nginx logs a websocket when it closes: close the page and read which process held it.
  await context.close();
  const closed = () => loggedSince(beforeChanges).filter((line) => line.path.startsWith('/ws'));
  await expect.poll(closed, { timeout: 10_000 }).toHaveLength(1);
  const [socket] = closed();
  expect(socket?.status).toBe(101);
  expect(socket?.process).toMatch(/^[AB]$/);
  const holder = socket?.process as ProcessName;
  const other: ProcessName = holder === 'A' ? 'B' : 'A';
  const description = `websocket on process ${holder}; the change made on process ${other} showed after ${shownAfter[other]} ms, the one made on ${holder} after ${shownAfter[holder]} ms`;
  test.info().annotations.push({ type: 'live', description });
  console.info(description);
});

test('nginx keeps the server caching rules, compresses text and refuses oversized bodies in the API envelope', async ({
  request,
}) => {
  for (const path of ['/', '/sw.js', '/config.json']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe('no-cache');
  }
  const script = await request.get('/sw.js', { headers: { 'accept-encoding': 'gzip' } });
  expect(script.headers()['content-encoding']).toBe('gzip');

  // One byte over nginx's limit (21 MB): refused before the body travels, in the API's envelope.
  const tooLarge = await request.post('/api/v7/files?currentCompanyId=1', {
    headers: { 'content-type': 'application/octet-stream' },
    data: Buffer.alloc(21 * 1024 * 1024 + 1),
  });
  expect(tooLarge.status()).toBe(413);
  expect(await tooLarge.json()).toEqual({
    error_code: 'PAYLOAD_TOO_LARGE',
    error_message: COMMON_MESSAGES.FILE_TOO_LARGE,
  });
});

test('nginx serves https over http/2 only: plain http redirects, and every answer says to stay on https', async () => {
  const moved = await statusAndLocation(stackValue(STACK_ENV.httpUrl));
  expect(moved.status).toBe(301);
  expect(moved.location).toMatch(/^https:\/\/127\.0\.0\.1\//);
  // http/2, negotiated by ALPN, with the certificate the setup made (checked, not ignored).
  const session = connectHttp2(proxyUrl, { ca: readFileSync(stackValue(STACK_ENV.ca)) });
  try {
    const answer = await new Promise<{ status: number; hsts: unknown }>((resolve, reject) => {
      const stream = session.request({ ':path': '/readyz' });
      stream.on('response', (headers) =>
        resolve({ status: Number(headers[':status']), hsts: headers['strict-transport-security'] }),
      );
      stream.on('error', reject);
      stream.resume();
    });
    expect(answer.status).toBe(200);
    expect(String(answer.hsts)).toMatch(/max-age=\d+/);
  } finally {
    session.close();
  }
});

test('metrics are scraped from each process, never through nginx; nginx hands its request id on', async ({
  request,
}) => {
  expect((await request.get('/metrics')).status()).toBe(404);
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  // The id nginx made ($request_id: 32 hex digits) is the one the server logged and answered.
  expect(ready.headers()['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  for (const name of ['A', 'B'] as const) {
    const direct = await request.get(`${servers[name]}/metrics`);
    expect(direct.status(), `process ${name}`).toBe(200);
    expect(await direct.text(), `process ${name}`).toContain('http_requests_total');
  }
});

/** A plain http GET's status and Location (nginx's redirect), without following it. */
function statusAndLocation(url: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    httpGet(`${url}/inquiry-quotation/list`, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    }).on('error', reject);
  });
}
