// The push figures of bench/server.ts (issue 19 item 2: a push p95 < 50 ms under 20 concurrent
// writers): one owner change as the outbox sends it (PUT …/inquiry_quotation/{id}/follower with
// Idempotency-Key and If-Match, src/contract/api/outbox.ts), timed over loopback HTTP from a worker
// thread so the writers' own work is not charged to the server's loop. Baseline: the same push
// with one writer in the same run. Also 20 writers on the same 4 rows (409s reported, no target).
import { Worker } from 'node:worker_threads';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../server/db/database';
import { contacts, sheets } from '../server/db/schema/index';

/** Writers in a worker thread (plain JS, eval'd): each pushes owner changes on its own rows. */
const PUSH_CLIENT = `
const { parentPort, workerData: w } = require('node:worker_threads');
const { randomUUID } = require('node:crypto');
const http = require('node:http');
const zlib = require('node:zlib');
// node:http on keep-alive sockets, one per writer: fetch (undici) spent about half a core of this
// 2-core machine on 300 pushes/s, CPU the server's loop and PostgreSQL then lacked.
const agent = new http.Agent({ keepAlive: true, maxSockets: w.writers });
const target = new URL(w.address);
const request = (path, headers, body) =>
  new Promise((resolve, reject) => {
    const req = http.request({ agent, host: target.hostname, port: target.port, method: 'PUT', path, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const plain = encoding === 'br' ? zlib.brotliDecompressSync(bytes) : encoding === 'gzip' ? zlib.gunzipSync(bytes) : bytes;
        resolve({ status: res.statusCode, body: plain.toString() });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
const put = async (row) => {
  const follower = row.owner === w.owners[0] ? w.owners[1] : w.owners[0];
  const body = JSON.stringify({ follower_id: follower });
  const start = performance.now();
  const res = await request('/inquiry-api/v7/inquiry_quotation/' + row.id + '/follower?currentCompanyId=' + w.companyId, {
    authorization: 'Bearer ' + w.token, 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br', 'content-length': Buffer.byteLength(body), 'idempotency-key': randomUUID(), 'if-match': '"' + row.version + '"',
  }, body);
  const ms = performance.now() - start;
  // 200: the sheet as written; 409: the sheet as it is now (the client rebases on it).
  if (res.status !== 200 && res.status !== 409) throw new Error('push: HTTP ' + res.status + ' ' + res.body);
  const sheet = JSON.parse(res.body).data;
  row.version = sheet.version;
  row.owner = sheet.current_node.contacts_user.id;
  return { ms, conflict: res.status === 409 };
};
(async () => {
  const rows = w.rows.map((r) => ({ ...r }));
  const latencies = [];
  let conflicts = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: w.writers }, async (_, writer) => {
    // Own rows: writer k takes every writers-th row; shared: every writer cycles through all rows.
    const mine = w.shared ? rows : rows.filter((_, i) => i % w.writers === writer);
    for (let i = 0; i < w.pushes; i++) {
      // A user's pace: a pause of thinkMs on average (exponential) before each push but the first.
      if (w.thinkMs > 0 && i > 0) await new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * w.thinkMs));
      const { ms, conflict } = await put(mine[(i + writer) % mine.length]);
      latencies.push(ms);
      if (conflict) conflicts++;
    }
  }));
  parentPort.postMessage({ latencies, conflicts, seconds: (performance.now() - start) / 1000 });
})();
`;

export type PushFigures = {
  p50: number;
  p95: number;
  pushes: number;
  conflicts: number;
  rate: number;
};

type PushRun = {
  db: Db;
  address: string;
  companyId: number;
  token: string;
  ids: number[];
  owners: [number, number];
};

/**
 * Sheets of the company whose owner may change, and two in-service contacts of it: each push
 * hands a row to whichever of the two does not own it (a row owned by someone else goes to the
 * first).
 */
export async function pushTargets(db: Db, companyId: number, count: number) {
  const staff = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.status, 'IN_SERVICE')))
    .orderBy(contacts.id)
    .limit(2);
  const [a, b] = staff;
  if (!a || !b) throw new Error('push bench: the company needs two in-service contacts');
  const rows = await db
    .select({ id: sheets.id })
    .from(sheets)
    .where(and(eq(sheets.companyId, companyId), ne(sheets.state, 'SIGN')))
    .orderBy(sheets.id)
    .limit(count);
  return { ids: rows.map((r) => r.id), owners: [a.id, b.id] as [number, number] };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * `writers` concurrent writers, `pushes` each, on their own rows or all on the same rows: back to
 * back (thinkMs 0: a closed loop, every writer always has a push in flight), or each pausing
 * thinkMs on average between its pushes, as people and devices do.
 */
export async function pushes(
  { db, ...run }: PushRun,
  writers: number,
  pushesEach: number,
  shared: boolean,
  thinkMs = 0,
): Promise<PushFigures> {
  // The rows as the writers' devices hold them now: version (If-Match) and owner.
  const now = await db
    .select({ id: sheets.id, version: sheets.version, owner: sheets.ownerContactId })
    .from(sheets)
    .where(inArray(sheets.id, run.ids))
    .orderBy(sheets.id);
  const rows = now.slice(0, shared ? Math.min(4, now.length) : writers * 5);
  return new Promise((resolve, reject) => {
    const worker = new Worker(PUSH_CLIENT, {
      eval: true,
      workerData: { ...run, rows, writers, pushes: pushesEach, shared, thinkMs },
    });
    worker.once('error', reject);
    worker.once(
      'message',
      ({
        latencies,
        conflicts,
        seconds,
      }: {
        latencies: number[];
        conflicts: number;
        seconds: number;
      }) => {
        const sorted = [...latencies].sort((x, y) => x - y);
        resolve({
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          pushes: sorted.length,
          conflicts,
          rate: sorted.length / seconds,
        });
      },
    );
  });
}
