// Hand over and leave, restore and delete (settings-messaging-shared §4 "Staff", §5 "Staff", §7
// employees calls): each transition allowed and refused, what a handover moves to the successor
// (through the feed), and that a departed employee's account no longer works for the company.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, orders, sheets, todos } from '../../../server/db/schema/index';
import { handOverWork } from '../../../server/partners/staffHandover';
import { write } from '../../../server/sync/write';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { STAFF_MESSAGES } from '../../../src/domain/staff/messages';
import { STAFF_RULE_MESSAGES as R } from '../../../src/domain/staff/staffText';
import { drivers } from '../../support/databases';
import { type Harness, insertSheet, startHarness } from '../purchasing/ordersHarness';

const base = (companyId: number) => `/partners-api/v7/companies/${companyId}/employees`;
let mobileSeq = 0;

describe.each(drivers)('employee transitions on %s', (driver) => {
  let h: Harness;
  const asAdmin = (options: Parameters<Harness['call']>[1]) => h.call('colleague', options);
  const url = (id: number, action = '') =>
    `${base(h.world.companies.a)}/${id}${action ? `/${action}` : ''}`;
  const newEmployee = async (name: string): Promise<{ id: number; version: number }> => {
    mobileSeq += 1;
    const res = await asAdmin({
      method: 'POST',
      url: base(h.world.companies.a),
      payload: { name, mobile: `1370000${String(mobileSeq).padStart(4, '0')}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const depart = (id: number, successor?: number | null) =>
    asAdmin({
      method: 'PUT',
      url: url(id, 'depart'),
      payload: successor === undefined ? {} : { handover_user_id: successor },
    });
  const statusOf = async (id: number) => {
    const [row] = await h.db.database.db
      .select({ status: contacts.status })
      .from(contacts)
      .where(eq(contacts.id, id));
    return row?.status;
  };

  beforeAll(async () => {
    h = await startHarness(driver);
  });
  afterAll(async () => h.close());

  describe('handover', () => {
    it('needs a successor: 请选择交接人', async () => {
      const leaving = await newEmployee('郑要走');
      for (const successor of [undefined, null]) {
        const res = await depart(leaving.id, successor);
        expect(res.statusCode).toBe(400);
        expect(res.json().error_message).toBe(STAFF_MESSAGES.SUCCESSOR_REQUIRED);
      }
      const bare = await asAdmin({ method: 'PUT', url: url(leaving.id, 'depart') });
      expect(bare.statusCode).toBe(400);
      expect(await statusOf(leaving.id)).toBe('IN_SERVICE');
    });

    it('refuses a successor who is the leaver, departed, or of another company', async () => {
      const leaving = await newEmployee('冯要走');
      for (const successor of [leaving.id, h.world.contacts.leaverA, h.world.contacts.bobB]) {
        const res = await depart(leaving.id, successor);
        expect(res.statusCode).toBe(422);
        expect(res.json().error_message).toBe(R.SUCCESSOR_INVALID);
      }
      expect(await statusOf(leaving.id)).toBe('IN_SERVICE');
    });

    it('refuses an administrator and a departed employee', async () => {
      const admin = await depart(h.world.contacts.colleagueA, h.world.contacts.plainA);
      expect(admin.statusCode).toBe(422);
      expect(admin.json().error_message).toBe(R.HANDOVER_ADMIN);
      const departed = await depart(h.world.contacts.leaverA, h.world.contacts.plainA);
      expect(departed.statusCode).toBe(422);
      expect(departed.json().error_message).toBe(R.HANDOVER_NOT_IN_SERVICE);
    });

    it('moves the leaver’s sheets, orders and to-dos to the successor, each through the feed', async () => {
      const leaving = await newEmployee('陈交接');
      const db = h.db.database.db;
      const sheetId = await insertSheet(h, { name: 'XJ-HANDOVER-1', ownerContactId: leaving.id });
      const otherSheet = await insertSheet(h, { name: 'XJ-HANDOVER-2' });
      const orderId = await h.insertOrder({ ownerContactId: leaving.id });
      const [todo] = await db
        .insert(todos)
        .values({
          subject: '请确认交期',
          module: 'ORDER',
          moduleId: orderId,
          fromCompanyId: h.world.companies.supplier,
          toCompanyId: h.world.companies.a,
          toContactsId: leaving.id,
        })
        .returning({ id: todos.id });
      const cursor = (await h.feed(h.world.companies.a)).at(-1)?.version ?? 0;

      const res = await depart(leaving.id, h.world.contacts.plainA);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.employee).toMatchObject({ id: leaving.id, status: 'DEPART' });
      expect(res.json().data.handed_over).toEqual({ sheets: 1, orders: 1, todos: 1, followed: 0 });

      const [sheet] = await db.select().from(sheets).where(eq(sheets.id, sheetId));
      expect(sheet?.ownerContactId).toBe(h.world.contacts.plainA);
      const [untouched] = await db.select().from(sheets).where(eq(sheets.id, otherSheet));
      expect(untouched?.ownerContactId).toBe(h.world.contacts.buyerA);
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      expect(order?.ownerContactId).toBe(h.world.contacts.plainA);
      const [moved] = await db
        .select()
        .from(todos)
        .where(eq(todos.id, todo?.id ?? 0));
      expect(moved?.toContactsId).toBe(h.world.contacts.plainA);

      const feed = await h.feed(h.world.companies.a, cursor);
      const entry = (table: string, id: number) =>
        feed.find((e) => e.tableName === table && e.rowId === String(id));
      expect(entry('sheets', sheetId)?.row).toMatchObject({
        current_node: { contacts_user: { id: h.world.contacts.plainA, name: '孙无账号' } },
      });
      expect(entry('orders', orderId)?.row).toMatchObject({
        current_order_node: { contacts_user: { id: h.world.contacts.plainA } },
      });
      expect(entry('todos', todo?.id ?? 0)?.row).toMatchObject({
        to_contacts_id: h.world.contacts.plainA,
        to_contacts_name: '孙无账号',
      });
      expect(entry('staff', leaving.id)?.row).toMatchObject({ status: 'DEPART' });
      expect(entry('sheets', otherSheet)).toBeUndefined();
      // The supplier, the to-do's sender, sees the new recipient too.
      const supplierFeed = await h.feed(h.world.companies.supplier);
      expect(
        supplierFeed.find((e) => e.tableName === 'todos' && e.rowId === String(todo?.id))?.row,
      ).toMatchObject({ to_contacts_id: h.world.contacts.plainA });
    });

    it('hands the buyers a supplier’s sales manager follows to the successor', async () => {
      const db = h.db.database.db;
      const cursor = (await h.feed(h.world.companies.a)).at(-1)?.version ?? 0;
      // The supplier's staff is not managed in this app: the service is called as its route would.
      const moved = await write(db, (tx, changes) =>
        handOverWork(
          tx,
          changes,
          h.world.companies.supplier,
          h.world.contacts.followerS,
          h.world.contacts.salesS,
        ),
      );
      expect(moved.followed).toBe(1);
      const entry = (await h.feed(h.world.companies.a, cursor)).find(
        (e) => e.tableName === 'companies' && e.rowId === String(h.world.companies.a),
      );
      expect(entry?.row).toMatchObject({
        follower: { id: h.world.contacts.salesS, alias: '陈销售' },
      });
    });
  });

  describe('restore', () => {
    it('brings a departed employee back on duty, and refuses an on-duty one', async () => {
      const person = await newEmployee('褚回来');
      expect((await depart(person.id, h.world.contacts.plainA)).statusCode).toBe(200);
      const res = await asAdmin({ method: 'PUT', url: url(person.id, 'active') });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'IN_SERVICE' });
      const again = await asAdmin({ method: 'PUT', url: url(person.id, 'active') });
      expect(again.statusCode).toBe(422);
      expect(again.json().error_message).toBe(R.RESTORE_NOT_DEPART);
    });
  });

  describe('delete', () => {
    it('refuses an on-duty employee', async () => {
      const person = await newEmployee('卫在职');
      const res = await asAdmin({ method: 'PUT', url: url(person.id, 'delete') });
      expect(res.statusCode).toBe(422);
      expect(res.json().error_message).toBe(R.DELETE_NOT_DEPART);
    });

    it('marks a departed employee deleted: a tombstone in the feed, gone from lists and calls', async () => {
      const person = await newEmployee('蒋删除');
      expect((await depart(person.id, h.world.contacts.plainA)).statusCode).toBe(200);
      const cursor = (await h.feed(h.world.companies.a)).at(-1)?.version ?? 0;
      const res = await asAdmin({ method: 'PUT', url: url(person.id, 'delete') });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ id: person.id });
      const tombstone = (await h.feed(h.world.companies.a, cursor)).find(
        (e) => e.tableName === 'staff' && e.rowId === String(person.id),
      );
      expect(tombstone).toMatchObject({ op: 'delete', row: null });
      // Kept for what still names it, marked deleted.
      expect(await statusOf(person.id)).toBe('DELETED');
      const list = await asAdmin({ method: 'GET', url: base(h.world.companies.a) });
      expect(list.json().data.items.map((e: { id: number }) => e.id)).not.toContain(person.id);
      for (const action of ['', 'active', 'delete', 'depart']) {
        const gone = await asAdmin({ method: 'PUT', url: url(person.id, action), payload: {} });
        expect(gone.statusCode, action).toBe(action === 'depart' ? 400 : 404);
      }
      const successorGone = await depart(h.world.contacts.plainA, person.id);
      expect(successorGone.json().error_message).toBe(R.SUCCESSOR_INVALID);
    });
  });

  describe('a departed employee’s account', () => {
    it('no longer acts for the company; the user info says no company is bound', async () => {
      const db = h.db.database.db;
      // bob works only for company b; hand him over there (bob is not an admin: use SQL).
      await db
        .update(contacts)
        .set({ status: 'DEPART' })
        .where(and(eq(contacts.id, h.world.contacts.bobB)));
      const company = await h.call('bob', {
        method: 'GET',
        url: '/inquiry-api/v7/inquiry_quotation',
        company: h.world.companies.b,
      });
      expect(company.statusCode).toBe(403);
      const me = await h.call('bob', { method: 'GET', url: '/api/v7/user', company: null });
      expect(me.json().data).toMatchObject({
        companies: [],
        no_company_message: COMMON_MESSAGES.NO_COMPANY_BOUND,
      });
      // buyer left nothing: still two companies.
      const buyer = await h.call('buyer', { method: 'GET', url: '/api/v7/user', company: null });
      expect(buyer.json().data.companies).toHaveLength(2);
    });
  });
});
