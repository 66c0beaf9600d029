import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../server/auth/passwords';
import { loadUser } from '../../../server/auth/session';
import { accounts, companies } from '../../../server/db/schema/index';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  type DemoSummary,
  seedDemoData,
} from '../../../server/demo/seed/demo';
import {
  accountsWithDemoPassword,
  demoPasswordRefusal,
  demoUsernames,
} from '../../../server/demo/seed/demoGuard';
import { PRODUCT_SEARCH_STATES } from '../../../src/domain/catalog/productLabels';
import { PAYMENT_STATES, SUPPLIER_INVOICE_STATES } from '../../../src/domain/finance/labels';
import { hasChineseCharacters } from '../../../src/domain/format/text';
import { ORDER_STATE_CODES, toOrderStateCode } from '../../../src/domain/orders/orderStates';
import { PLACE_ORDER_STATES, validityWarning } from '../../../src/domain/purchase/rules';
import { SHEET_STATES } from '../../../src/domain/purchase/sheetStates';
import { STAFF_MOBILE_PATTERN } from '../../../src/domain/staff/validation';
import { TODO_STATES } from '../../../src/domain/todos/todoCodes';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import { actualFeed, DUMPS, expectedFeed, plain, rows } from './seedHarness';

const NOW = new Date('2026-11-20T09:30:00+08:00');

describe.each(drivers)('demo data on %s', (driver) => {
  let first: TestDatabase;
  let second: TestDatabase;
  let summary: DemoSummary | null;
  const q = (query: string) => rows(first.database.db, query);

  beforeAll(async () => {
    [first, second] = await Promise.all([openTestDatabase(driver), openTestDatabase(driver)]);
    summary = await seedDemoData(first.database, { seed: 2026, now: NOW });
    await seedDemoData(second.database, { seed: 2026, now: NOW });
  });
  afterAll(async () => {
    await Promise.all([first?.drop(), second?.drop()]);
  });

  it('gives the same rows and purchase numbers for the same seed and day', async () => {
    expect(summary?.sheets).toBeGreaterThan(40);
    for (const [table, query] of Object.entries(DUMPS)) {
      const a = plain(await rows(first.database.db, query));
      const b = plain(await rows(second.database.db, query));
      expect(b, table).toEqual(a);
    }
    const names = await q('select name from sheets order by id');
    expect(names.every((r) => /^XJ\d{8}\d{6}$/.test(String(r.name)))).toBe(true);
  });

  it('follows the seed: another seed gives other documents', async () => {
    const other = await openTestDatabase(driver);
    try {
      await seedDemoData(other.database, { seed: 7, now: NOW });
      const a = plain(await q(DUMPS.sheets ?? ''));
      const c = plain(await rows(other.database.db, DUMPS.sheets ?? ''));
      expect(c).not.toEqual(a);
    } finally {
      await other.drop();
    }
  });

  it('seeds only an empty database', async () => {
    const before = await q('select count(*)::int as n from sheets');
    expect(await seedDemoData(first.database, { seed: 2026, now: NOW })).toBeNull();
    expect(await q('select count(*)::int as n from sheets')).toEqual(before);
  });

  it('has every sheet state, every numeric order state and every payment and invoice state', async () => {
    const sheetStates = new Set((await q('select distinct state from sheets')).map((r) => r.state));
    expect([...SHEET_STATES].filter((s) => !sheetStates.has(s))).toEqual([]);
    const orderStates = new Set(
      (await q('select distinct state from orders')).map((r) => Number(r.state)),
    );
    expect(ORDER_STATE_CODES.filter((c) => !orderStates.has(c))).toEqual([]);
    const inbound = new Set(
      (await q('select distinct inbound_state from orders')).map((r) => r.inbound_state),
    );
    expect(PAYMENT_STATES.codes.filter((c) => !inbound.has(c))).toEqual([]);
    const invoice = new Set(
      (await q('select distinct invoice_state from orders')).map((r) => r.invoice_state),
    );
    expect(SUPPLIER_INVOICE_STATES.codes.filter((c) => !invoice.has(c))).toEqual([]);
  });

  it('links sheets that became orders to orders in the matching state', async () => {
    const linked = await q(
      `select s.id, s.state, s.name, o.state as order_state, o.sheet_id, o.inquiry_no
       from sheets s join orders o on o.id = s.order_id`,
    );
    expect(linked.length).toBe(Number((await q('select count(*) as n from orders'))[0]?.n));
    for (const r of linked) {
      expect(Number(r.order_state), String(r.state)).toBe(toOrderStateCode(r.state));
      expect(Number(r.sheet_id)).toBe(Number(r.id));
      expect(r.inquiry_no).toBe(r.name);
    }
    const unlinked = await q('select state from sheets where order_id is null');
    expect(unlinked.every((r) => toOrderStateCode(r.state) === null)).toBe(true);
  });

  it('signs in buyer to two companies (not admin), admin to the first company, nocompany to none', async () => {
    const db = first.database.db;
    const user = async (username: string) => {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(sql`${accounts.username} = ${username}`);
      const account = { id: row?.id ?? 0 };
      const found = await loadUser(db, { subject: String(account.id), account, expiresAt: 0 });
      if (!found) throw new Error(`no account ${username}`);
      return found;
    };
    const [firstBuyer] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(sql`${companies.role} = 'BUYER'`)
      .orderBy(companies.id)
      .limit(1);
    const buyer = await user('buyer');
    expect(buyer.memberships).toHaveLength(2);
    expect(buyer.memberships.every((m) => !m.isAdmin)).toBe(true);
    expect(buyer.memberships[0]?.companyId).toBe(firstBuyer?.id);
    const admin = await user('admin');
    expect(admin.memberships).toEqual([
      expect.objectContaining({ companyId: firstBuyer?.id, isAdmin: true }),
    ]);
    expect((await user('nocompany')).memberships).toEqual([]);
    expect(DEMO_ACCOUNTS.map((a) => a.username)).toEqual(
      expect.arrayContaining(['buyer', 'admin', 'nocompany']),
    );
  });

  it('hashes every account with the demo password', async () => {
    const accounts = await q('select username, password_hash from accounts');
    expect(accounts.map((a) => a.username)).toEqual(
      expect.arrayContaining(DEMO_ACCOUNTS.map((a) => a.username)),
    );
    for (const account of accounts) {
      const hash = String(account.password_hash);
      expect(hash).not.toContain(DEMO_PASSWORD);
      expect(await verifyPassword(DEMO_PASSWORD, hash), String(account.username)).toBe(true);
    }
    expect(await verifyPassword('demo@2026', String(accounts[0]?.password_hash))).toBe(false);
  });

  it('has the companies the spec asks for', async () => {
    const service = await q("select id, name from companies where role = 'SERVICE' order by id");
    expect(service.map((c) => Number(c.id))).toEqual([9428, 39567]);
    expect(service.every((c) => String(c.name).includes('客服'))).toBe(true);
    const buyers = await q(
      `select c.*, (select count(*)::int from contacts where company_id = c.id) as staff,
              (select company_id from contacts where id = c.follower_contact_id) as follower_company
       from companies c where role = 'BUYER' order by id`,
    );
    expect(buyers.length).toBeGreaterThanOrEqual(3);
    const [supplier] = await q("select id from companies where role = 'SUPPLIER'");
    const vip = buyers.find((b) => b.vip === true);
    expect(vip).toMatchObject({
      country: 'CN',
      rebate_amount: expect.any(String),
      rebate_balance: expect.any(String),
    });
    expect(vip?.vip_start_date && vip.vip_end_date).toBeTruthy();
    expect(Number(vip?.follower_company)).toBe(Number(supplier?.id));
    expect(buyers.some((b) => Number(b.staff) === 1)).toBe(true);
    // admin's company leaves its city open: the first location save asks for confirmation
    // (server/demo/seed/companySettings.ts).
    expect(
      buyers.every(
        (b) =>
          b.tax_code &&
          b.province &&
          (b.city || b.name === '上海精工机械有限公司') &&
          /[\u4e00-\u9fff]/.test(String(b.name)),
      ),
    ).toBe(true);
    // The next company gets an id after the customer-service ones.
    const [next] = await q("insert into companies (name) values ('新公司') returning id");
    expect(Number(next?.id)).toBeGreaterThan(39567);
    await q(`delete from companies where id = ${Number(next?.id)}`);
  });

  it('has staff in and out of service with valid mobiles', async () => {
    const staff = await q('select status, mobile from contacts');
    expect(new Set(staff.map((s) => s.status))).toEqual(new Set(['IN_SERVICE', 'DEPART']));
    expect(staff.every((s) => STAFF_MOBILE_PATTERN.test(String(s.mobile)))).toBe(true);
  });

  it('has a catalogue with plain-ASCII models, 3C products, wrong and replaced entries', async () => {
    const products = await q('select * from products');
    const lines = [
      ...products.map((p) => [p.product_type, p.product_article_no]),
      ...(await q('select product_type, product_article_no from sheet_lines')).map((l) => [
        l.product_type,
        l.product_article_no,
      ]),
      ...(await q('select product_type, product_article_no from order_lines')).map((l) => [
        l.product_type,
        l.product_article_no,
      ]),
    ];
    expect(
      lines.filter((pair) => pair.some((text) => hasChineseCharacters(String(text ?? '')))),
    ).toEqual([]);
    expect(products.some((p) => p.is_ccc === true)).toBe(true);
    expect(products.some((p) => p.state === 'NONEXISTENT')).toBe(true);
    const ids = new Set(products.map((p) => Number(p.id)));
    const replaced = products.filter((p) => p.state === 'EXIST' && p.correct_product_id !== null);
    expect(replaced.length).toBeGreaterThan(0);
    expect(replaced.every((p) => ids.has(Number(p.correct_product_id)))).toBe(true);
    const searchable = products.filter((p) =>
      (PRODUCT_SEARCH_STATES as readonly unknown[]).includes(p.audit_state),
    );
    expect(searchable.length).toBeGreaterThan(products.length * 0.9);
    expect(products.every((p) => p.hs_code && p.customs_name && p.tariff !== null)).toBe(true);

    const brands = await q('select * from brands');
    expect(brands.some((b) => b.state === 'NONEXISTENT')).toBe(true);
    expect(brands.some((b) => b.state === 'EXIST' && b.correct_brand_id !== null)).toBe(true);
    expect(brands.some((b) => b.state === 'UNSPECIFIED' && b.logo_url === null)).toBe(true);
    expect(brands.every((b) => /^\/brands\/[a-z0-9-]+$/.test(String(b.url_path)))).toBe(true);
    expect(
      brands.every(
        (b) => b.logo_url === null || /^\/brand-logos\/[a-z0-9-]+\.svg$/.test(String(b.logo_url)),
      ),
    ).toBe(true);
    const [bank] = await q('select name from banks where id = 4');
    expect(bank?.name).toBe('中国工商银行');
    const [news] = await q('select title from news order by sort_order, published_at desc limit 1');
    expect(String(news?.title)).toContain('VIP');
  });

  it('shows a 3C line on a quoted sheet, old validity warnings and cancel reasons', async () => {
    const feedSheets = (await q("select row from sync_changes where table_name = 'sheets'")).map(
      (r) =>
        r.row as {
          state: string;
          inquiry_product_list: Array<{
            quote_state: string;
            product: { validity_end_date: string | null };
          }>;
        },
    );
    const quoted = feedSheets.filter((s) =>
      (PLACE_ORDER_STATES as readonly string[]).includes(s.state),
    );
    expect(quoted.some((s) => s.inquiry_product_list.some((l) => l.quote_state === 'CCC'))).toBe(
      true,
    );
    expect(
      quoted.some((s) => validityWarning(s.state, s.inquiry_product_list, NOW.getTime())),
    ).toBe(true);
    expect(
      quoted.some((s) => !validityWarning(s.state, s.inquiry_product_list, NOW.getTime())),
    ).toBe(true);
    const cancelled = await q(
      "select cancel_reason from sheets where state in ('CANCELLED', 'CANCEL_REQUESTED', 'CANCEL_CONFIRMED')",
    );
    expect(
      cancelled.every((s) => typeof s.cancel_reason === 'string' && s.cancel_reason !== ''),
    ).toBe(true);
    const times = await q('select create_time, state_change_time from sheets');
    expect(times.every((t) => Date.parse(String(t.state_change_time)) < NOW.getTime())).toBe(true);
  });

  it('has messages in every state, from customer service, with stored attachments, and mails', async () => {
    const todos = await q('select * from todos');
    const states = new Set(todos.filter((t) => t.type === 'MESSAGE').map((t) => t.state));
    expect([...TODO_STATES].filter((s) => !states.has(s))).toEqual([]);
    expect(todos.some((t) => Number(t.from_company_id) === 9428)).toBe(true);
    expect(todos.some((t) => Number(t.from_company_id) === 39567)).toBe(true);
    const mails = todos.filter((t) => t.type === 'MAIL');
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((m) => Number(m.mail_id) === Number(m.id) && m.mail_state)).toBe(true);
    const attached = todos.flatMap((t) => t.files as Array<{ object_name: string; size: number }>);
    expect(attached.length).toBeGreaterThan(0);
    const stored = await q(
      'select object_name, size, length(data) as bytes, content_type from files',
    );
    const byName = new Map(stored.map((f) => [f.object_name, f]));
    for (const file of attached) {
      const row = byName.get(file.object_name);
      expect(row, file.object_name).toBeDefined();
      expect(Number(row?.bytes)).toBe(file.size);
    }
    expect(
      stored.every((f) => ['application/pdf', 'image/png'].includes(String(f.content_type))),
    ).toBe(true);
  });

  it('puts every synced row in the feed of exactly the companies that see it, as it is now', async () => {
    const db = first.database.db;
    const expected = await expectedFeed(db);
    const actual = await actualFeed(db);
    expect([...expected].filter((k) => !actual.has(k))).toEqual([]);
    expect([...actual].filter((k) => !expected.has(k))).toEqual([]);
    const foreign = await q(
      `select count(*)::int as n from sync_changes
       where table_name in ('sheets', 'orders') and (row->>'company_id')::bigint <> company_id`,
    );
    expect(foreign[0]?.n).toBe(0);
    const stale = await q(
      `select count(*)::int as n from sync_changes c
       left join sheets s on c.table_name = 'sheets' and s.id = c.row_id::bigint
       left join orders o on c.table_name = 'orders' and o.id = c.row_id::bigint
       left join todos t on c.table_name = 'todos' and t.id = c.row_id::bigint
       where (c.row->>'version')::bigint <> coalesce(s.version, o.version, t.version, (c.row->>'version')::bigint)
          or c.version < (c.row->>'version')::bigint`,
    );
    expect(stale[0]?.n).toBe(0);
  });
  // Last: it changes a password on the second copy.
  it('names the demo accounts that still have the demo password (the production start refuses them)', async () => {
    expect((await accountsWithDemoPassword(second.database.db)).sort()).toEqual(
      demoUsernames().sort(),
    );
    const changed = await hashPassword('Changed#2026');
    await second.database.db.execute(
      sql`update accounts set password_hash = ${changed} where username = 'admin'`,
    );
    expect(await accountsWithDemoPassword(second.database.db)).not.toContain('admin');
    await second.database.db.execute(sql`update accounts set password_hash = ${changed}`);
    expect(await accountsWithDemoPassword(second.database.db)).toEqual([]);
    expect(demoPasswordRefusal(['admin'])).toContain('DEMO_DATA=on');
  });
});
