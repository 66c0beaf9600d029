import './rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TodoRow } from '../../src/contract/feedRows';
import type { PurchasingDb } from '../../src/data/db';
import type { StoredTodo } from '../../src/data/derive';
import { type InboxCompany, type InboxView, inboxPage } from '../../src/data/lists/queries';
import { applyRows } from '../../src/data/writes';
import { probeReads, type Read } from './probe';
import { at, freshDb, todo } from './rows';

// The user works for companies 1 (contact 10) and 3 (contact 30); company 2 is their supplier,
// whose feed holds copies of the same to-dos that the inbox must leave out. Contact 11 is a
// colleague in company 1. Create times collide so the tie-break (newer id first) is exercised.
const mine: InboxCompany[] = [
  { companyId: 1, contactId: 10 },
  { companyId: 3, contactId: 30 },
];
const STATES = ['UNREAD', 'READ', 'PROCESSED', 'DELAYED'];

function between(id: number, buyer: 1 | 3, i: number): TodoRow {
  const received = i % 3 !== 0;
  const buyerContact = buyer === 1 ? (i % 2 === 0 ? 10 : 11) : 30;
  return todo(id, {
    state: STATES[i % 4] ?? 'UNREAD',
    from_company_id: received ? 2 : buyer,
    from_contacts_id: received ? 20 : buyerContact,
    to_company_id: received ? buyer : 2,
    to_contacts_id: received ? buyerContact : 20,
    type: i % 5 === 0 ? 'MAIL' : 'MESSAGE',
    create_time: at((i * 7) % 25),
    delay_time: STATES[i % 4] === 'DELAYED' && i % 8 !== 7 ? at(100 + ((i * 11) % 40)) : null,
  });
}

const company1 = Array.from({ length: 40 }, (_, i) => between(i + 1, 1, i));
const company3 = Array.from({ length: 30 }, (_, i) => between(i + 101, 3, i));
/** From company 1 to company 3, favourited there: in both of the user's feeds. */
const crossing = todo(500, {
  state: 'DELAYED',
  from_company_id: 1,
  from_contacts_id: 10,
  to_company_id: 3,
  to_contacts_id: 30,
  create_time: at(30),
  delay_time: at(200),
});

let db: PurchasingDb;
let reads: Read[];
beforeAll(async () => {
  db = freshDb('todo-queries');
  reads = probeReads(db);
  await db.open();
  await applyRows(db, 1, 'todos', [...company1, crossing]);
  await applyRows(db, 3, 'todos', [...company3, crossing]);
  await applyRows(db, 2, 'todos', [...company1, ...company3]);
});
afterAll(async () => {
  await db.delete({ disableAutoOpen: true });
});

async function read(view: InboxView, limit: number) {
  const start = reads.length;
  const page = await inboxPage(db, { companies: mine, view, limit });
  return { page, used: reads.slice(start) };
}

const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);
const newest = (rows: TodoRow[]) =>
  [...rows].sort((a, b) =>
    a.create_time === b.create_time ? b.id - a.id : a.create_time < b.create_time ? 1 : -1,
  );
const all = [...company1, ...company3, crossing];

describe('inboxPage', () => {
  it.each([
    {
      view: 'company' as const,
      rows: all,
      index: '[company_id+create_time]',
    },
    {
      view: 'mine' as const,
      rows: all.filter((t) =>
        [t.from_contacts_id, t.to_contacts_id].some((c) => c === 10 || c === 30),
      ),
      index: 'party_keys',
    },
  ])(
    "$view: both companies' to-dos merged newest first, one index range each",
    async ({ view, rows, index }) => {
      const expected = newest(rows);
      const { page, used } = await read(view, 200);
      expect(ids(page.items)).toEqual(ids(expected));
      // The crossing to-do is kept once, as its recipient's copy; its two copies are both counted.
      expect(page.items.filter((t) => t.id === 500)).toEqual([
        expect.objectContaining({ company_id: 3 }),
      ]);
      expect(page.total).toBe(expected.length + 1);
      expect(used.length).toBeGreaterThan(0);
      for (const r of used) expect(r).toEqual({ table: 'todos', index, unbounded: false });
      expect(used.filter((r) => r.index === index)).toHaveLength(2);
    },
  );

  it('stops at the limit with the newest ones', async () => {
    const { page } = await read('company', 12);
    expect(ids(page.items)).toEqual(ids(newest(all).slice(0, 12)));
    expect(page.total).toBe(all.length + 1);
  });

  it('favourites: addressed to either company, latest favourited first, untimed last', async () => {
    const favourites = all.filter(
      (t) => t.state === 'DELAYED' && (t.to_company_id === 1 || t.to_company_id === 3),
    );
    const timed = favourites
      .filter((t) => t.delay_time !== null)
      .sort((a, b) => ((a.delay_time ?? '') < (b.delay_time ?? '') ? 1 : -1));
    const untimed = favourites.filter((t) => t.delay_time === null).sort((a, b) => b.id - a.id);
    expect(untimed.length).toBeGreaterThan(0);
    const { page, used } = await read('favourites', 200);
    expect(ids(page.items)).toEqual(ids([...timed, ...untimed]));
    expect(ids(page.items)[0]).toBe(500);
    expect(page.total).toBe(favourites.length);
    for (const r of used) {
      expect(r).toEqual({ table: 'todos', index: '[company_id+favourite_time]', unbounded: false });
    }
  });

  it('follows a change live: a state change moves a to-do into the favourites', async () => {
    const target = company3.find((t) => t.state === 'UNREAD' && t.to_company_id === 3);
    if (!target) throw new Error('company 3 received an unread to-do');
    const before = await read('favourites', 200);
    expect(ids(before.page.items)).not.toContain(target.id);
    await applyRows(db, 3, 'todos', [
      { ...target, state: 'DELAYED', delay_time: at(999), version: target.version + 1000 },
    ]);
    const { page } = await read('favourites', 200);
    expect(page.items[0]).toMatchObject<Partial<StoredTodo>>({ id: target.id, company_id: 3 });
    expect(page.total).toBe(before.page.total + 1);
  });
});
