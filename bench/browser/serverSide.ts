// The server side of the browser sync bench (bench/sync-browser.ts): who the page signs in as and
// what it changes, read from the seeded database; the commit time of a change, taken from the
// server's own NOTIFY in this process; the time feed requests are open; and a replay of the feed
// pages a first sync was sent, answered at once, so a second sync shows the wall time without
// the server's.
import type { Server } from 'node:http';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database';
import { contacts, sheets } from '../../server/db/schema/index';
import { LIVE_CHANNEL, LiveDecoder } from '../../server/live/notify';
import { canChangeSheetOwner } from '../../src/domain/purchase/rules';
import type { OwnerChange } from './protocol';

export interface People {
  /** The page's user: an administrator of the bench company. */
  user: number;
  /** His contact in the bench company (the 工作台's "mine"). */
  contactId: number;
  /** Another account of the company, who makes the server-side changes. */
  other: number;
  /** Every company the user belongs to (all of them are synced). */
  companies: number[];
  /** In-service staff of the company: candidate owners. */
  staff: Array<{ id: number; name: string }>;
}

/** The company's staff in service with a sign-in account, oldest first (the rush bench too). */
export async function membersWithAccounts(database: Database, companyId: number) {
  const people = await database.db
    .select({
      contactId: contacts.id,
      accountId: contacts.accountId,
      name: contacts.name,
      isAdmin: contacts.isAdmin,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, companyId),
        eq(contacts.status, 'IN_SERVICE'),
        isNotNull(contacts.accountId),
      ),
    )
    .orderBy(asc(contacts.id));
  return people.flatMap((p) => (p.accountId === null ? [] : [{ ...p, accountId: p.accountId }]));
}

export async function people(database: Database, companyId: number): Promise<People> {
  const db = database.db;
  const members = await membersWithAccounts(database, companyId);
  const admin = members.find((m) => m.isAdmin);
  const user = admin?.accountId;
  const other = members.find((m) => m.accountId !== user)?.accountId;
  if (!admin || !user || !other) {
    throw new Error('the bench company needs an administrator and one more user');
  }
  const memberships = await db
    .selectDistinct({ companyId: contacts.companyId })
    .from(contacts)
    .where(eq(contacts.accountId, user));
  const staff = await db
    .select({ id: contacts.id, name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.status, 'IN_SERVICE')))
    .orderBy(asc(contacts.id));
  if (staff.length < 3) throw new Error('the bench company needs three staff members');
  return {
    user,
    contactId: admin.contactId,
    other,
    companies: memberships.map((m) => m.companyId),
    staff,
  };
}

/** `wanted` sheets whose owner may change, each with a new owner (never its current one). */
export async function ownerChanges(
  database: Database,
  companyId: number,
  staff: People['staff'],
  wanted: number,
): Promise<OwnerChange[]> {
  const rows = await database.db
    .select({ id: sheets.id, state: sheets.state, owner: sheets.ownerContactId })
    .from(sheets)
    .where(eq(sheets.companyId, companyId))
    .orderBy(asc(sheets.id));
  const chosen = rows.filter((row) => canChangeSheetOwner(row.state)).slice(0, wanted);
  if (chosen.length < wanted) throw new Error(`fewer than ${wanted} sheets to change`);
  return chosen.map((row, i) => {
    const owner = staff.filter((person) => person.id !== row.owner)[i % 2];
    if (!owner) throw new Error('no owner candidate');
    return { sheetId: row.id, owner };
  });
}

/** Epoch ms of the company's next `sync.poke`, which the server sends on commit. */
export async function pokeWatcher(database: Database, companyId: number) {
  const decoder = new LiveDecoder();
  const waiting: Array<(at: number) => void> = [];
  const stop = await database.listen(LIVE_CHANNEL, (raw) => {
    const at = performance.timeOrigin + performance.now();
    if (decoder.accept(raw)?.topic !== `sync.poke.${companyId}`) return;
    for (const resolve of waiting.splice(0)) resolve(at);
  });
  return {
    next: () => new Promise<number>((resolve) => waiting.push(resolve)),
    stop,
  };
}

/** Sums the time the server takes to answer feed pages (request in to answer written). */
export function feedTimer(server: Server) {
  let pages = 0;
  let serverMs = 0;
  server.on('request', (request, response) => {
    if (!request.url?.startsWith('/sync-api/v1/changes')) return;
    const t0 = performance.now();
    response.on('finish', () => {
      pages += 1;
      serverMs += performance.now() - t0;
    });
  });
  return {
    /** Pages answered and their server time since the last call. */
    take() {
      const taken = { pages, serverMs };
      pages = 0;
      serverMs = 0;
      return taken;
    },
  };
}

const FEED_PATH = '/sync-api/v1/changes';

/**
 * Records the feed answers (bytes and encoding, by URL) until `play()`; then answers a request
 * for a recorded URL at once with them, before the route runs (the sign-in check still runs:
 * its hook comes first). Register before the app listens.
 */
export function feedReplay(app: FastifyInstance) {
  const recorded = new Map<string, { bytes: Buffer; encoding: string | undefined }>();
  let mode: 'record' | 'play' | 'off' = 'record';
  let served = 0;
  app.addHook('onSend', async (request, reply, payload) => {
    if (mode === 'record' && request.url.startsWith(FEED_PATH) && Buffer.isBuffer(payload)) {
      const encoding = reply.getHeader('content-encoding');
      recorded.set(request.url, {
        bytes: payload,
        encoding: typeof encoding === 'string' ? encoding : undefined,
      });
    }
    return payload;
  });
  app.addHook('onRequest', async (request, reply) => {
    if (mode !== 'play') return;
    const answer = recorded.get(request.url);
    if (!answer) return;
    served += 1;
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    if (answer.encoding) reply.header('content-encoding', answer.encoding);
    return reply.send(answer.bytes);
  });
  return {
    play() {
      mode = 'play';
    },
    stop() {
      mode = 'off';
      recorded.clear();
    },
    get served() {
      return served;
    },
  };
}
