// A company the account left (security review M5), against the real server: the feed's 403
// NOT_A_MEMBER clears that company from the device (rows, totals, cursor, attachments) and keeps
// the other company; the change that can no longer be sent stays, refused with the reason, until
// the user discards it, which puts nothing back; a company missing from the account's list at
// the start of a session is cleared the same way.
import 'fake-indexeddb/auto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, sheets } from '../../../server/db/schema/index';
import type { PurchasingDb } from '../../../src/data/db';
import { putFile } from '../../../src/data/files';
import { companyTotalPrefixes } from '../../../src/data/lists/listKeys';
import { readCompanySync } from '../../../src/data/meta';
import { companyRowKeys } from '../../../src/data/writes';
import { MEMBERSHIP_MESSAGES } from '../../../src/domain/messages/session';
import { NOT_A_MEMBER } from '../../../src/sync/core/lifecycle';
import { asRow } from '../../../src/sync/core/types';
import { MEMBERSHIP_RESTORED } from '../../../src/sync/engine/membership';
import { loadOutbox } from '../../../src/sync/outbox';
import {
  engineSuite,
  type Harness,
  makeEngine,
  Network,
  openLocal,
  publishCompany,
  synced,
  until,
} from './engineHarness';

describe('a company the account left', () => {
  // fx_user_a works for A and, through this record, for B.
  let contactInB = 0;
  const suite = engineSuite(async (harness) => {
    const [row] = await harness.server.db.database.db
      .insert(contacts)
      .values({
        companyId: harness.fx.companies.buyerB,
        accountId: harness.fx.accounts.userA,
        name: '李采购',
      })
      .returning({ id: contacts.id });
    contactInB = row?.id ?? 0;
    for (const company of [harness.fx.companies.buyerA, harness.fx.companies.buyerB]) {
      await publishCompany(harness, company);
    }
  });
  const { engines, dbs } = suite;
  let h: Harness;
  beforeAll(() => {
    h = suite.harness;
  });
  const A = () => h.fx.companies.buyerA;
  const B = () => h.fx.companies.buyerB;
  const setInB = (status: 'IN_SERVICE' | 'DEPART') =>
    h.server.db.database.db
      .update(contacts)
      .set({ status })
      .where(and(eq(contacts.id, contactInB)));

  async function setup(db?: PurchasingDb, companies?: number[]) {
    const net = new Network();
    const local = db ?? (await openLocal());
    if (!db) dbs.push(local);
    const engine = makeEngine(h, local, net, companies ? { companies } : {});
    engines.push(engine);
    await engine.start();
    return { db: local, engine, net };
  }
  const totalsOf = async (db: PurchasingDb, companyId: number) => {
    const prefixes = companyTotalPrefixes(companyId);
    const keys = (await db.listTotals.toCollection().primaryKeys()).map(String);
    return keys.filter((key) => prefixes.some((prefix) => key.startsWith(prefix)));
  };
  const file = (companyId: number, id: string) =>
    ({
      id,
      userSub: String(h.fx.accounts.userA),
      companyId,
      documentType: 'TODO_ATTACHMENT',
      blob: null,
      name: 'a.txt',
      contentType: 'text/plain',
      size: 1,
      uploaded: null,
      createdAt: Date.now(),
    }) as const;

  it('clears it on the feed’s 403 NOT_A_MEMBER, keeps the other, and keeps the unsent change refused', async () => {
    await setInB('IN_SERVICE');
    const { db, engine, net } = await setup();
    await synced(engine);
    expect(await companyRowKeys(db, 'sheets', B())).not.toHaveLength(0);
    expect(await totalsOf(db, B())).not.toHaveLength(0);
    const sheetsOfA = await companyRowKeys(db, 'sheets', A());
    await putFile(db, file(B(), 'file-b'));
    await putFile(db, file(A(), 'file-a'));

    // A change made in B while offline, then the account is handed over in B.
    const draft = asRow(await db.sheets.get([B(), h.fx.sheets.draftB.id]));
    if (!draft) throw new Error('draft of B not pulled');
    net.offline = true;
    const entryId = await engine.enqueue(B(), {
      type: 'sheet.changeOwner',
      payload: {
        id: h.fx.sheets.draftB.id,
        ifMatch: draft.version,
        owner: { id: h.fx.contacts.userB, name: '赵采购' },
      },
    });
    await setInB('DEPART');
    net.offline = false;
    await engine.pullNow(B());

    await until(
      () => engine.status().companies.some((c) => c.companyId === B() && c.left === true),
      'company B left',
    );
    expect(await companyRowKeys(db, 'sheets', B())).toEqual([]);
    expect(await companyRowKeys(db, 'staff', B())).toEqual([]);
    expect(await totalsOf(db, B())).toEqual([]);
    expect((await readCompanySync(db, B())).cursor).toBe('');
    expect(await db.files.get('file-b')).toBeUndefined();
    // Company A is untouched.
    expect(await companyRowKeys(db, 'sheets', A())).toEqual(sheetsOfA);
    expect(await db.files.get('file-a')).toBeDefined();
    expect(engine.status().companies.find((c) => c.companyId === A())?.left).toBeUndefined();

    const [entry] = (await loadOutbox(db)).entries;
    expect(entry).toMatchObject({
      id: entryId,
      status: 'failed',
      failure: {
        status: 403,
        code: NOT_A_MEMBER,
        message: MEMBERSHIP_MESSAGES.ENTRY_UNSENDABLE,
      },
    });
    // Never sent again; discarding it puts no row of B back.
    expect(await engine.retry(entryId)).toBe(false);
    expect(await engine.discard(entryId)).toEqual([entryId]);
    expect(await companyRowKeys(db, 'sheets', B())).toEqual([]);
    expect((await loadOutbox(db)).entries).toEqual([]);
  });

  it('gives a left-behind change back to the user once the account works for the company again (review #6)', async () => {
    await setInB('IN_SERVICE');
    const first = await setup();
    await synced(first.engine);
    const draft = asRow(await first.db.sheets.get([B(), h.fx.sheets.draftB.id]));
    if (!draft) throw new Error('draft of B not pulled');
    first.net.offline = true;
    const entryId = await first.engine.enqueue(B(), {
      type: 'sheet.changeOwner',
      payload: {
        id: h.fx.sheets.draftB.id,
        ifMatch: draft.version,
        owner: { id: contactInB, name: '李采购' },
      },
    });
    await setInB('DEPART');
    first.net.offline = false;
    await first.engine.pullNow(B());
    await until(
      () => first.engine.status().companies.some((c) => c.companyId === B() && c.left === true),
      'company B left',
    );
    await first.engine.stop();

    // The handover is undone (恢复在职): the next session's company list names B again.
    await setInB('IN_SERVICE');
    const { db, engine } = await setup(first.db);
    const [entry] = (await loadOutbox(db)).entries;
    expect(entry).toMatchObject({
      id: entryId,
      status: 'failed',
      failure: { code: MEMBERSHIP_RESTORED, message: MEMBERSHIP_MESSAGES.ENTRY_RESTORED },
    });
    // An ordinary refusal now: the user may send it again, and the server's answer decides.
    expect(await engine.retry(entryId)).toBe(true);
    await until(
      async () => (await loadOutbox(db)).entries.every((e) => e.status === 'applied'),
      'the change applied',
    );
    const [onServer] = await h.server.db.database.db
      .select({ ownerId: sheets.ownerContactId })
      .from(sheets)
      .where(eq(sheets.id, h.fx.sheets.draftB.id));
    expect(onServer?.ownerId).toBe(contactInB);
  });

  it('clears, at the start, a company the account’s list no longer names', async () => {
    await setInB('IN_SERVICE');
    const first = await setup();
    await synced(first.engine);
    expect(await companyRowKeys(first.db, 'sheets', B())).not.toHaveLength(0);
    await first.engine.stop();

    const { db } = await setup(first.db, [A()]);
    expect(await companyRowKeys(db, 'sheets', B())).toEqual([]);
    expect(await totalsOf(db, B())).toEqual([]);
    expect(await companyRowKeys(db, 'sheets', A())).not.toHaveLength(0);
  });
});
