// Staff management calls (settings-messaging-shared §7 "Partners" employees, §4 "Staff", §5
// "Staff"): administrators only, the form's rules, add and edit with a login user, and the feed
// entries every write leaves. Transitions and the handover: employeesTransitions.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, contacts, registrationRequests } from '../../../server/db/schema/index';
import { LOGIN_USER_SEARCHES_PER_MINUTE } from '../../../server/routes/employees';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { STAFF_MESSAGES } from '../../../src/domain/staff/messages';
import { STAFF_RULE_MESSAGES as R } from '../../../src/domain/staff/staffText';
import { drivers } from '../../support/databases';
import { type Harness, startHarness } from '../purchasing/ordersHarness';

const base = (companyId: number) => `/partners-api/v7/companies/${companyId}/employees`;

describe.each(drivers)('employee routes on %s', (driver) => {
  let h: Harness;
  // colleague is the administrator of company a; buyer is a clerk there (and admin of a2).
  const asAdmin = (options: Parameters<Harness['call']>[1]) => h.call('colleague', options);
  const add = (payload: Record<string, unknown>) =>
    asAdmin({ method: 'POST', url: base(h.world.companies.a), payload });

  beforeAll(async () => {
    h = await startHarness(driver);
  });
  afterAll(async () => h.close());

  describe('administrators of the company only', () => {
    it.each([
      ['GET', ''],
      ['GET', '/login_users?mobile=138'],
      ['POST', ''],
      ['PUT', '/1'],
      ['PUT', '/1/active'],
      ['PUT', '/1/depart'],
    ] as const)('%s %s answers a clerk 403 with the spec’s text', async (method, path) => {
      const res = await h.call('buyer', {
        method,
        url: `${base(h.world.companies.a)}${path}`,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error_message).toBe(COMMON_MESSAGES.NO_PERMISSION);
    });

    it('answers a clerk’s delete with the spec’s administrator message', async () => {
      const res = await h.call('buyer', {
        method: 'PUT',
        url: `${base(h.world.companies.a)}/${h.world.contacts.leaverA}/delete`,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error_message).toBe(STAFF_MESSAGES.DELETE_NOT_ADMIN);
      const [still] = await h.db.database.db
        .select({ status: contacts.status })
        .from(contacts)
        .where(eq(contacts.id, h.world.contacts.leaverA));
      expect(still?.status).toBe('DEPART');
    });

    it('refuses another company’s staff even to its own administrator elsewhere', async () => {
      // buyer administers a2 but works in a: the path must be the current company.
      const res = await h.call('buyer', {
        method: 'GET',
        url: base(h.world.companies.a),
        company: h.world.companies.a2,
      });
      expect(res.statusCode).toBe(403);
      const ok = await h.call('buyer', {
        method: 'GET',
        url: base(h.world.companies.a2),
        company: h.world.companies.a2,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.items.map((e: { name: string }) => e.name)).toEqual(['王小明(南方)']);
    });
  });

  describe('list', () => {
    it('lists the company’s employees with login users, filtered by status and name', async () => {
      const all = await asAdmin({ method: 'GET', url: base(h.world.companies.a) });
      expect(all.statusCode).toBe(200);
      const names = all.json().data.items.map((e: { name: string }) => e.name);
      expect(names).toEqual(expect.arrayContaining(['王小明', '李静', '赵离', '孙无账号']));
      const buyer = all.json().data.items.find((e: { name: string }) => e.name === '王小明');
      expect(buyer).toMatchObject({
        id: h.world.contacts.buyerA,
        company_id: h.world.companies.a,
        status: 'IN_SERVICE',
        is_admin: false,
        login_user: { id: h.world.accounts.buyer, name: 'buyer', mobile: '13800000001' },
        birthday: null,
        comment: null,
        version: expect.any(Number),
      });

      const departed = await asAdmin({
        method: 'GET',
        url: base(h.world.companies.a),
        query: { status: 'DEPART' },
      });
      expect(departed.json().data.items.map((e: { name: string }) => e.name)).toEqual(['赵离']);
      const byName = await asAdmin({
        method: 'GET',
        url: base(h.world.companies.a),
        query: { status: 'IN_SERVICE,DEPART', name: '无账' },
      });
      expect(byName.json().data.items.map((e: { name: string }) => e.name)).toEqual(['孙无账号']);
      const bad = await asAdmin({
        method: 'GET',
        url: base(h.world.companies.a),
        query: { status: 'GONE' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('add', () => {
    it.each([
      [{ mobile: '13812345678' }, STAFF_MESSAGES.NAME_REQUIRED],
      [{ name: '  ', mobile: '13812345678' }, STAFF_MESSAGES.NAME_REQUIRED],
      [{ name: '新人' }, STAFF_MESSAGES.MOBILE_REQUIRED],
      [{ name: '新人', mobile: '12812345678' }, STAFF_MESSAGES.MOBILE_INVALID],
      [{ name: '新人', mobile: '1381234567' }, STAFF_MESSAGES.MOBILE_INVALID],
      [{ name: '新人', mobile: '13812345678', email: 'x@y' }, R.EMAIL_INVALID],
      [{ name: '新人', mobile: '13812345678', birthday: '1990-02-30' }, R.BIRTHDAY_INVALID],
      [{ name: '新人', mobile: '13812345678', gender: 'OTHER' }, R.GENDER_INVALID],
      [{ name: '新'.repeat(51), mobile: '13812345678' }, R.TOO_LONG],
    ])('refuses %j: %s', async (payload, message) => {
      const res = await add(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toBe(message);
    });

    it('adds an on-duty, internal, non-admin employee and puts its row in the feed', async () => {
      const before = await h.feed(h.world.companies.a);
      const cursor = before.at(-1)?.version ?? 0;
      const res = await add({
        name: ' 钱新 ',
        gender: 'FEMALE',
        mobile: '+8613912345678',
        position: '采购专员',
        phone: '021-12345678',
        email: 'qian@example.com',
        birthday: '1995-06-01',
        comment: '新同事',
      });
      expect(res.statusCode).toBe(200);
      const row = res.json().data;
      expect(row).toMatchObject({
        name: '钱新',
        gender: 'FEMALE',
        mobile: '+8613912345678',
        position: '采购专员',
        phone: '021-12345678',
        email: 'qian@example.com',
        birthday: '1995-06-01',
        comment: '新同事',
        status: 'IN_SERVICE',
        is_admin: false,
        visibility: 'INTERNAL',
        login_user: null,
      });
      const feed = await h.feed(h.world.companies.a, cursor);
      const entry = feed.find((e) => e.tableName === 'staff' && e.rowId === String(row.id));
      expect(entry).toMatchObject({
        op: 'upsert',
        row: expect.objectContaining({ version: row.version }),
      });
      expect(entry?.row).toMatchObject({ name: '钱新', status: 'IN_SERVICE' });
      expect(entry?.row).not.toHaveProperty('comment');
    });

    it('defaults the gender to MALE', async () => {
      const res = await add({ name: '孙默认', mobile: '13712345678' });
      expect(res.json().data.gender).toBe('MALE');
    });
  });

  describe('edit and login users', () => {
    it('changes only the fields sent, with a new version', async () => {
      const created = (
        await add({ name: '周编辑', mobile: '13612345678', position: '助理' })
      ).json().data;
      const res = await asAdmin({
        method: 'PUT',
        url: `${base(h.world.companies.a)}/${created.id}`,
        payload: { name: '周已编辑', comment: '调岗' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        name: '周已编辑',
        mobile: '13612345678',
        position: '助理',
        comment: '调岗',
      });
      expect(res.json().data.version).toBeGreaterThan(created.version);
      const cleared = await asAdmin({
        method: 'PUT',
        url: `${base(h.world.companies.a)}/${created.id}`,
        payload: { position: null, mobile: 'abc' },
      });
      expect(cleared.statusCode).toBe(400);
      expect(cleared.json().error_message).toBe(STAFF_MESSAGES.MOBILE_INVALID);
    });

    it('answers 404 for an employee of another company', async () => {
      const res = await asAdmin({
        method: 'PUT',
        url: `${base(h.world.companies.a)}/${h.world.contacts.bobB}`,
        payload: { name: '改名' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error_message).toBe(R.NOT_FOUND);
    });

    it('finds the company’s own login users by part of the mobile or by name, never a stranger', async () => {
      const [outsider] = await h.db.database.db
        .insert(accounts)
        .values({ username: 'newbie', name: '新来的', mobile: '13500000009', passwordHash: 'x' })
        .returning({ id: accounts.id });
      const search = (query: Record<string, string>) =>
        asAdmin({ method: 'GET', url: `${base(h.world.companies.a)}/login_users`, query });
      const part = (await search({ mobile: '0000000' })).json().data.items;
      expect(part.map((u: { username: string }) => u.username)).toEqual(
        expect.arrayContaining(['buyer', 'colleague', 'leaver']),
      );
      expect(part.map((u: { username: string }) => u.username)).not.toContain('newbie');
      expect(part.map((u: { username: string }) => u.username)).not.toContain('bob');
      // A stranger's or another company's account is not found even by its whole mobile (M9).
      expect((await search({ mobile: '13500000009' })).json().data.items).toEqual([]);
      expect(outsider?.id).toBeGreaterThan(0);
      const other = await search({ mobile: '13900000004' });
      expect(other.statusCode).toBe(200);
      expect(other.json().data.items).toEqual([]);
      expect(JSON.stringify(other.json())).not.toContain('13900000004');
      const byName = (await search({ name: '王小' })).json().data.items;
      expect(byName).toEqual([
        expect.objectContaining({
          username: 'buyer',
          employee: { id: h.world.contacts.buyerA, name: '王小明' },
        }),
      ]);
      expect((await search({ name: '张北' })).json().data.items).toEqual([]);
    });

    it('refuses to bind another company’s account or a stranger’s like an unknown one (M9)', async () => {
      const [stranger] = await h.db.database.db
        .insert(accounts)
        .values({ username: 'stranger', name: '陌生人', mobile: '13500000030', passwordHash: 'x' })
        .returning({ id: accounts.id });
      for (const id of [h.world.accounts.bob, stranger?.id]) {
        const res = await add({ name: '盗绑', mobile: '13500000031', login_user_id: id });
        expect(res.statusCode).toBe(400);
        expect(res.json().error_message).toBe(R.LOGIN_USER_NOT_FOUND);
      }
      const held = await h.db.database.db
        .select({ id: contacts.id })
        .from(contacts)
        .where(eq(contacts.accountId, h.world.accounts.bob));
      expect(held).toHaveLength(1);
    });

    it('finds and binds an account approved into the company, or one a deleted employee held', async () => {
      const db = h.db.database.db;
      const [approved] = await db
        .insert(accounts)
        .values({
          username: '13500000040',
          name: '审核通过',
          mobile: '13500000040',
          passwordHash: 'x',
        })
        .returning({ id: accounts.id });
      await db.insert(registrationRequests).values({
        name: '审核通过',
        mobile: '13500000040',
        state: 'APPROVED',
        companyId: h.world.companies.a,
        accountId: approved?.id,
      });
      const [former] = await db
        .insert(accounts)
        .values({ username: 'former', name: '旧员工', mobile: '13500000041', passwordHash: 'x' })
        .returning({ id: accounts.id });
      await db.insert(contacts).values({
        companyId: h.world.companies.a,
        accountId: former?.id,
        name: '旧员工',
        status: 'DELETED',
      });
      const found = (
        await asAdmin({
          method: 'GET',
          url: `${base(h.world.companies.a)}/login_users`,
          query: { mobile: '1350000004' },
        })
      ).json().data.items;
      expect(found).toHaveLength(2);
      expect(found).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: former?.id, employee: null }),
          expect.objectContaining({ id: approved?.id, employee: null }),
        ]),
      );
      // Company b's administrator finds neither (bob is made its administrator for this check).
      await db
        .update(contacts)
        .set({ isAdmin: true })
        .where(eq(contacts.id, h.world.contacts.bobB));
      try {
        const elsewhere = await h.call('bob', {
          method: 'GET',
          url: `${base(h.world.companies.b)}/login_users`,
          query: { mobile: '13500000040' },
          company: h.world.companies.b,
        });
        expect(elsewhere.statusCode).toBe(200);
        expect(elsewhere.json().data.items).toEqual([]);
      } finally {
        await db
          .update(contacts)
          .set({ isAdmin: false })
          .where(eq(contacts.id, h.world.contacts.bobB));
      }
      const bound = await add({
        name: '审核通过',
        mobile: '13500000040',
        login_user_id: approved?.id,
      });
      expect(bound.statusCode).toBe(200);
      expect(bound.json().data.login_user).toMatchObject({ id: approved?.id });
    });

    it('binds a free account, refuses one another employee holds, and unbinds', async () => {
      const [free] = await h.db.database.db
        .insert(accounts)
        .values({ username: 'freshman', name: '新手', mobile: '13500000010', passwordHash: 'x' })
        .returning({ id: accounts.id });
      // The account joined the company before (its old employee record was deleted).
      await h.db.database.db.insert(contacts).values({
        companyId: h.world.companies.a,
        accountId: free?.id,
        name: '新手(旧)',
        status: 'DELETED',
      });
      const created = (
        await add({ name: '吴绑定', mobile: '13500000010', login_user_id: free?.id })
      ).json().data;
      expect(created.login_user).toMatchObject({ id: free?.id, name: 'freshman' });

      const taken = await asAdmin({
        method: 'PUT',
        url: `${base(h.world.companies.a)}/${created.id}`,
        payload: { login_user_id: h.world.accounts.buyer },
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().error_message).toBe(R.LOGIN_USER_TAKEN);
      const missing = await add({ name: '某', mobile: '13500000011', login_user_id: 999_999 });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error_message).toBe(R.LOGIN_USER_NOT_FOUND);

      const unbound = await asAdmin({
        method: 'PUT',
        url: `${base(h.world.companies.a)}/${created.id}`,
        payload: { login_user_id: null },
      });
      expect(unbound.json().data.login_user).toBeNull();
    });

    it('does not let the administrator change their own login user', async () => {
      const res = await asAdmin({
        method: 'PUT',
        url: `${base(h.world.companies.a)}/${h.world.contacts.colleagueA}`,
        payload: { login_user_id: null },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error_message).toBe(R.OWN_LOGIN_USER);
    });

    it('does not let an administrator change another administrator’s login user', async () => {
      const db = h.db.database.db;
      const [peer] = await db
        .insert(accounts)
        .values({
          username: 'peer_admin',
          name: '另一管理',
          mobile: '13500000020',
          passwordHash: 'x',
        })
        .returning({ id: accounts.id });
      const [contact] = await db
        .insert(contacts)
        .values({
          companyId: h.world.companies.a,
          accountId: peer?.id ?? null,
          name: '另一管理',
          isAdmin: true,
        })
        .returning({ id: contacts.id });
      const res = await asAdmin({
        method: 'PUT',
        url: `${base(h.world.companies.a)}/${contact?.id}`,
        payload: { login_user_id: null },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error_message).toBe(R.ADMIN_LOGIN_USER);
      const [kept] = await db
        .select({ accountId: contacts.accountId })
        .from(contacts)
        .where(eq(contacts.id, contact?.id ?? 0));
      expect(kept?.accountId).toBe(peer?.id);
    });
  });

  it('rate-limits one administrator’s login-user searches (M9)', async () => {
    // nocompany, made administrator of b for this test, has searched nothing: a bucket of his own.
    const db = h.db.database.db;
    const [admin] = await db
      .insert(contacts)
      .values({
        companyId: h.world.companies.b,
        accountId: h.world.accounts.nocompany,
        name: '临时管理员',
        isAdmin: true,
      })
      .returning({ id: contacts.id });
    const search = () =>
      h.call('nocompany', {
        method: 'GET',
        url: `${base(h.world.companies.b)}/login_users`,
        query: { mobile: '139' },
        company: h.world.companies.b,
      });
    try {
      for (let i = 0; i < LOGIN_USER_SEARCHES_PER_MINUTE; i++) {
        expect((await search()).statusCode).toBe(200);
      }
      const refused = await search();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error_message).toBe(COMMON_MESSAGES.TOO_MANY_REQUESTS);
      // Another administrator is not held up by these searches.
      const other = await asAdmin({
        method: 'GET',
        url: `${base(h.world.companies.a)}/login_users`,
        query: { mobile: '138' },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await db.delete(contacts).where(eq(contacts.id, admin?.id ?? 0));
    }
  });
});
