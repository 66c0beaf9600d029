// One device's first sync in the rush, at the wire: it pages GET /sync-api/v1/changes exactly as
// the engine does (1,000 rows, the previous page's `remaining` sent back, Chrome's
// Accept-Encoding) and keeps the live socket a signed-in tab holds, without writing IndexedDB:
// the server is measured here, the browser's own writing in bench/sync-browser.ts.
import { Agent, request } from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';
import WebSocket from 'ws';
import type { LiveClientFrame } from '../../src/contract/live';
import { TOPICS } from '../../src/domain/todos/topics';

/** What Chrome sends; the server answers br (its first choice), nginx passes it through. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
export const FEED_PAGE = 1000;
const RETRY_MS = 1000;

const decoders: Record<string, (body: Buffer) => Promise<Buffer>> = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
};

export type Device = { baseUrl: string; token: string; accountId: number; companyId: number };

export type SyncFigures = {
  rows: number;
  pages: number;
  /** Bytes on the wire (compressed as sent) and after decoding. */
  wireBytes: number;
  jsonBytes: number;
  pageMs: number[];
  errors: string[];
  seconds: number;
  /** Where the pull ended: the next pull starts here. */
  cursor: string;
};

function get(agent: Agent, url: string, token: string, encodings: string) {
  return new Promise<{ status: number; encoding: string; body: Buffer }>((resolve, reject) => {
    const req = request(
      url,
      { agent, headers: { authorization: `Bearer ${token}`, 'accept-encoding': encodings } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            encoding: String(res.headers['content-encoding'] ?? 'identity'),
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('no answer in 60 s')));
    req.on('error', reject);
    req.end();
  });
}

const HEAD =
  /^\{"data":\{"cursor":"([^"]*)","has_more":(true|false),"remaining":(\d+),"changes":\[/;
const CHANGE = Buffer.from('{"table":"');

/** Changes on a page: each starts with the route's header (`{"table":"…`), counted in bytes. */
function countChanges(page: Buffer): number {
  let count = 0;
  for (let at = page.indexOf(CHANGE); at !== -1; at = page.indexOf(CHANGE, at + CHANGE.length)) {
    count++;
  }
  return count;
}

/**
 * Pages through the company's feed from the start. A failed page (network, 5xx) is asked again
 * from the same cursor after a second, as the engine's pull retries: a fault costs time, never
 * rows. `stop` ends it early; `encodings` replaces Chrome's Accept-Encoding (gzip alone, say).
 */
export async function firstSync(
  device: Device,
  options: {
    stop?: AbortSignal;
    encodings?: string;
    onPage?: (rows: number) => void;
    /** A later pull: from this cursor (the engine's pull on a poke). */
    from?: string;
    /** The device's connection, kept between pulls (a first sync opens its own). */
    agent?: Agent;
  } = {},
): Promise<SyncFigures> {
  const { stop, encodings = BROWSER_ENCODINGS, onPage } = options;
  const agent = options.agent ?? new Agent({ keepAlive: true, maxSockets: 1 });
  const figures: SyncFigures = {
    rows: 0,
    pages: 0,
    wireBytes: 0,
    jsonBytes: 0,
    pageMs: [],
    errors: [],
    seconds: 0,
    cursor: options.from ?? '',
  };
  const started = performance.now();
  try {
    for (let cursor = figures.cursor, remaining = ''; !stop?.aborted; ) {
      const url = `${device.baseUrl}/sync-api/v1/changes?currentCompanyId=${device.companyId}&cursor=${cursor}&limit=${FEED_PAGE}${remaining}`;
      const asked = performance.now();
      try {
        const res = await get(agent, url, device.token, encodings);
        if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
        figures.pageMs.push(performance.now() - asked);
        const decode = decoders[res.encoding];
        const page = decode ? await decode(res.body) : res.body;
        const head = HEAD.exec(page.subarray(0, 200).toString());
        if (!head || page.subarray(-3).toString() !== ']}}') throw new Error('not a feed page');
        const rows = countChanges(page);
        figures.rows += rows;
        onPage?.(rows);
        figures.pages++;
        figures.wireBytes += res.body.length;
        figures.jsonBytes += page.length;
        cursor = head[1] ?? '';
        figures.cursor = cursor;
        if (head[2] !== 'true') break;
        remaining = `&remaining=${head[3]}`;
      } catch (error) {
        figures.errors.push(`feed page: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  } finally {
    if (!options.agent) agent.destroy();
  }
  figures.seconds = (performance.now() - started) / 1000;
  return figures;
}

/** A tab's live socket: signed in, subscribed to the company's pokes; counts what arrives. */
export function liveSocket(device: Device) {
  const url = `${device.baseUrl.replace(/^http/, 'ws')}/ws`;
  const state = {
    pokes: 0,
    errors: [] as string[],
    open: false,
    /** Called on every poke (the engine pulls). */
    onPoke: null as (() => void) | null,
  };
  let socket: WebSocket | null = null;
  let closed = false;
  const send = (frame: LiveClientFrame) => socket?.send(JSON.stringify(frame));
  const connect = () => {
    const current = new WebSocket(url);
    socket = current;
    current.on('open', () => {
      state.open = true;
      send({ type: 'connect', token: device.token, user_id: device.accountId, system: 'b' });
      send({ type: 'subscribe', topic: TOPICS.syncPoke(device.companyId) });
    });
    current.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; error_code?: string };
      if (frame.type === 'event') {
        state.pokes++;
        state.onPoke?.();
      }
      if (frame.type === 'error') state.errors.push(`live: ${frame.error_code}`);
    });
    current.on('error', (error) => state.errors.push(`live: ${error.message}`));
    // Reconnect as the live client does (it backs off; a second is enough here).
    current.on('close', () => {
      state.open = false;
      if (!closed) setTimeout(connect, RETRY_MS);
    });
  };
  connect();
  return {
    state,
    close() {
      closed = true;
      socket?.close();
    },
  };
}

/**
 * A synced device following its company: on a poke it pulls from its cursor, one pull at a time,
 * and once more if pokes came during the pull (the engine's PullScheduler does the same).
 */
export function follower(device: Device, cursor: string) {
  const figures = { pulls: 0, rows: 0, pullMs: [] as number[], errors: 0 };
  let running: Promise<void> | null = null;
  let again = false;
  let at = cursor;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const pull = async () => {
    do {
      again = false;
      const page = await firstSync(device, { from: at, agent });
      at = page.cursor;
      figures.pulls++;
      figures.rows += page.rows;
      figures.pullMs.push(page.seconds * 1000);
      figures.errors += page.errors.length;
    } while (again);
    running = null;
  };
  return {
    figures,
    poke() {
      if (running) again = true;
      else running = pull();
    },
    async idle() {
      while (running) await running;
      agent.destroy();
    },
  };
}
