// Live-channel test kit: a real server listening on a loopback port, a `ws` client that records
// what it is sent, and a few parties to use (tokens come from ./tokens).
import Fastify, { type FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../../server/app';
import { loadSigningKey } from '../../server/auth/keys';
import { embeddedVerifier } from '../../server/auth/verifier';
import type { Database } from '../../server/db/database';
import { accounts, companies, contacts, orders, sheets } from '../../server/db/schema/index';
import { createLiveBus } from '../../server/live/bus';
import { LIVE_PATH, type LiveChannelOptions, registerLiveChannel } from '../../server/live/socket';
import { testConfig } from './app';

export type LiveServer = {
  app: FastifyInstance;
  url: string;
  issuer: string;
  close(): Promise<void>;
};

/**
 * The real app on `database`, listening on a free port. With `options`, a bare Fastify instance
 * gets only the channel (to shorten its timers).
 */
export async function startLiveServer(
  database: Database,
  options?: LiveChannelOptions,
): Promise<LiveServer> {
  const config = testConfig();
  const issuer = `${config.publicUrl}/oidc`;
  let app: FastifyInstance;
  if (options) {
    app = Fastify();
    await mount(app, database, issuer, options);
  } else {
    app = await buildApp({ config, database });
  }
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    issuer,
    url: `${address.replace('http', 'ws')}${LIVE_PATH}`,
    close: () => app.close(),
  };
}

async function mount(
  app: FastifyInstance,
  database: Database,
  issuer: string,
  options: LiveChannelOptions,
): Promise<void> {
  const verifier = embeddedVerifier(issuer, await loadSigningKey(database.db));
  const bus = await createLiveBus(database);
  await registerLiveChannel(app, { database, verifier }, bus, options);
  app.addHook('onClose', async () => bus.close());
}

export type Frame = Record<string, unknown>;

/** A websocket client that keeps every frame it gets, for `next` to wait on. */
export class LiveClient {
  readonly frames: Frame[] = [];
  private waiters: Array<() => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  static async open(url: string, options: WebSocket.ClientOptions = {}): Promise<LiveClient> {
    const ws = new WebSocket(url, options);
    const client = new LiveClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first frame (received so far or later) that matches, consuming nothing. */
  async next(match: (frame: Frame) => boolean, timeoutMs = 2000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Sends and waits for the answer of that type (`subscribed`/`error` for a subscribe). */
  async request(message: Frame, match: (frame: Frame) => boolean): Promise<Frame> {
    const from = this.frames.length;
    this.send(message);
    return this.next((f) => this.frames.indexOf(f) >= from && match(f));
  }

  async connect(token: string, userId: number): Promise<Frame> {
    return this.request({ type: 'connect', token, user_id: userId, system: 'b' }, (f) =>
      ['connected', 'error'].includes(String(f.type)),
    );
  }

  async subscribe(topic: string): Promise<Frame> {
    return this.request(
      { type: 'subscribe', topic },
      (f) => f.topic === topic && ['subscribed', 'error'].includes(String(f.type)),
    );
  }

  events(topic: string): Frame[] {
    return this.frames.filter((f) => f.type === 'event' && f.topic === topic);
  }

  close(): void {
    this.ws.terminate();
  }
}

export type Parties = {
  companyX: number;
  companyY: number;
  /** Staff of X (contact `contactX`). */
  userX: number;
  contactX: number;
  /** Staff of Y (contact `contactY`). */
  userY: number;
  contactY: number;
  supplier: number;
  sheetOfX: number;
  orderOfY: number;
};

export async function seedParties(database: Database, tag: string): Promise<Parties> {
  const db = database.db;
  const [x, y, s] = await db
    .insert(companies)
    .values([
      { name: `甲公司${tag}` },
      { name: `乙公司${tag}` },
      { name: `供应商${tag}`, role: 'SUPPLIER' },
    ])
    .returning({ id: companies.id });
  const [ux, uy] = await db
    .insert(accounts)
    .values([
      { username: `x-${tag}`, passwordHash: '-', name: '张三' },
      { username: `y-${tag}`, passwordHash: '-', name: '李四' },
    ])
    .returning({ id: accounts.id });
  if (!x || !y || !s || !ux || !uy) throw new Error('seed failed');
  const [cx, cy] = await db
    .insert(contacts)
    .values([
      { companyId: x.id, accountId: ux.id, name: '张三' },
      { companyId: y.id, accountId: uy.id, name: '李四' },
    ])
    .returning({ id: contacts.id });
  const [sheet] = await db
    .insert(sheets)
    .values({ companyId: x.id, name: `XJ-${tag}`, brandName: '西门子', supplierCompanyId: s.id })
    .returning({ id: sheets.id });
  const [order] = await db
    .insert(orders)
    .values({ companyId: y.id, name: `PO-${tag}`, brandName: '西门子', supplierCompanyId: s.id })
    .returning({ id: orders.id });
  if (!cx || !cy || !sheet || !order) throw new Error('seed failed');
  return {
    companyX: x.id,
    companyY: y.id,
    userX: ux.id,
    contactX: cx.id,
    userY: uy.id,
    contactY: cy.id,
    supplier: s.id,
    sheetOfX: sheet.id,
    orderOfY: order.id,
  };
}
