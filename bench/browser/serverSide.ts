// The server side of the browser sync bench (bench/sync-browser.ts): who the page signs in as and
// what it changes, read from the seeded database; the commit time of a change, taken from the
// server's own NOTIFY in this process; the time the server spends answering feed pages, so the
// engine's time can be split between the server and the browser.
import type { Server } from 'node:http';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../server/db/database';
import { contacts, sheets } from '../../server/db/schema/index';
import { LIVE_CHANNEL, LiveDecoder } from '../../server/live/notify';
import { canChangeSheetOwner } from '../../src/domain/purchase/rules';
import type { OwnerChange } from './protocol';

export interface People {
  /** The page's user: an administrator of the bench company. */
  user: number;
  /** Another account of the company, who makes the server-side changes. */
  other: number;
  /** Every company the user belongs to (all of them are synced). */
  companies: number[];
  /** In-service staff of the company: candidate owners. */
  staff: Array<{ id: number; name: string }>;
}

export async function people(database: Database, companyId: number): Promise<People> {
  const db = database.db;
  const members = await db
    .select({ accountId: contacts.accountId, isAdmin: contacts.isAdmin })
    .from(contacts)
    .where(
      and(
        eq(contacts.companyId, companyId),
        eq(contacts.status, 'IN_SERVICE'),
        isNotNull(contacts.accountId),
      ),
    )
    .orderBy(asc(contacts.id));
  const user = members.find((m) => m.isAdmin)?.accountId;
  const other = members.find((m) => m.accountId !== user)?.accountId;
  if (!user || !other) {
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
  return { user, other, companies: memberships.map((m) => m.companyId), staff };
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
