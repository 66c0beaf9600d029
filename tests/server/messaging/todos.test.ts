// The to-do inbox and message calls (settings-messaging-shared §4, §5, §7 "To-dos and messages"):
// posting on a record, the recipient-only state changes with take-over, bounding, deleting,
// the lists and counters, company isolation, the feed and live events, idempotent replay.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/database';
import { accounts, companies, contacts, orders, todos } from '../../../server/db/schema/index';
import { LIVE_CHANNEL, LiveDecoder, type NotifyEvent } from '../../../server/live/notify';
import { TODO_SERVER_MESSAGES } from '../../../server/messaging/messages';
import { fileCountLimitMessage } from '../../../src/domain/files/messages';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { TODO_MESSAGES } from '../../../src/domain/todos/messages';
import { TOPICS } from '../../../src/domain/todos/topics';
import { testConfig } from '../../support/app';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import { seedFixtures } from '../../support/fixtures';
import { accessTokenFor } from '../../support/tokens';

type Seed = Awaited<ReturnType<typeof seed>>;
type Json = Record<string, unknown> & { id: number };

/**
 * The route fixtures (buyers A and B, the supplier, sheets, an order of A), plus what this file
 * needs besides: the supplier's sales contact signed in, the buyer also staff of a second company,
 * and an order of B.
 */
async function seed(database: Database) {
  const fx = await seedFixtures(database);
  const db = database.db;
  const [supplier] = await db
    .insert(accounts)
    .values({ username: 'fx_supplier', passwordHash: '-', name: '王销售' })
    .returning({ id: accounts.id });
  const [a2] = await db
    .insert(companies)
    .values({ name: '甲方二号有限公司' })
    .returning({ id: companies.id });
  const [foreignOrder] = await db
    .insert(orders)
    .values({
      companyId: fx.companies.buyerB,
      name: 'PO-B-1',
      brandName: 'Siemens',
      supplierCompanyId: fx.companies.supplier,
    })
    .returning({ id: orders.id });
  if (!supplier || !a2 || !foreignOrder) throw new Error('seed');
  await db
    .update(contacts)
    .set({ accountId: supplier.id })
    .where(eq(contacts.id, fx.contacts.supplierSales));
  await db
    .insert(contacts)
    .values({ companyId: a2.id, accountId: fx.accounts.userA, name: '李采购' });
  return {
    a: fx.companies.buyerA,
    a2: a2.id,
    b: fx.companies.buyerB,
    s: fx.companies.supplier,
    buyer: fx.accounts.userA,
    colleague: fx.accounts.adminA,
    supplier: supplier.id,
    foreign: fx.accounts.userB,
    cBuyer: fx.contacts.userA,
    cColleague: fx.contacts.adminA,
    cSupplier: fx.contacts.supplierSales,
    cForeign: fx.contacts.userB,
    sheet: fx.sheets.draftA.id,
    sheetName: fx.sheets.draftA.name,
    foreignSheet: fx.sheets.draftB.id,
    order: fx.orders.contractSignedA.id,
    orderName: fx.orders.contractSignedA.name,
    foreignOrder: foreignOrder.id,
    fileOfB: fx.files.imageB,
  };
}

describe.each(drivers)('to-dos and messages on %s', (driver) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let s: Seed;
  const tokens = new Map<number, string>();
  const events: NotifyEvent[] = [];
  let stopListening: () => Promise<void>;

  type Call = { as: number; company: number; url: string; body?: unknown; key?: string };
  const send = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', c: Call) =>
    app.inject({
      method,
      url: `/todos-api/v7${c.url}${c.url.includes('?') ? '&' : '?'}currentCompanyId=${c.company}`,
      headers: {
        authorization: `Bearer ${tokens.get(c.as)}`,
        ...(c.key ? { 'idempotency-key': c.key } : {}),
      },
      ...(c.body === undefined ? {} : { payload: c.body as Record<string, unknown> }),
    });
  const get = (c: Call) => send('GET', c);
  const data = (res: { json(): unknown }) => (res.json() as { data: unknown }).data;
  const items = (res: { json(): unknown }) => (data(res) as { items: Json[] }).items;
  const post = (body: Record<string, unknown>, as = s.buyer, company = s.a, key?: string) =>
    send('POST', { as, company, url: '/messages', body, ...(key ? { key } : {}) });
  const toSupplier = (subject: string, extra: Record<string, unknown> = {}) => ({
    module: 'ORDER',
    module_id: s.order,
    subject,
    to_company_id: s.s,
    to_contacts_id: s.cSupplier,
    todo_files: [],
    ...extra,
  });
  const eventually = async <T>(find: () => T | undefined): Promise<T> => {
    for (let i = 0; i < 100; i += 1) {
      const found = find();
      if (found !== undefined) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`not found in ${JSON.stringify(events.map((e) => e.topic))}`);
  };
  const feed = async (as: number, company: number) => {
    const res = await app.inject({
      method: 'GET',
      url: `/sync-api/v1/changes?currentCompanyId=${company}&limit=5000`,
      headers: { authorization: `Bearer ${tokens.get(as)}` },
    });
    return (
      data(res) as { changes: Array<{ table: string; op: string; id: string; row: Json | null }> }
    ).changes;
  };

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    const config = testConfig();
    app = await buildApp({ config, database: db.database });
    await app.ready();
    s = await seed(db.database);
    for (const id of [s.buyer, s.colleague, s.supplier, s.foreign]) {
      tokens.set(id, await accessTokenFor(db.database, `${config.publicUrl}/oidc`, id));
    }
    const decoder = new LiveDecoder();
    stopListening = await db.database.listen(LIVE_CHANNEL, (raw) => {
      const event = decoder.accept(raw);
      if (event) events.push(event);
    });
  });
  afterAll(async () => {
    await stopListening();
    await app.close();
    await db.drop();
  });

  it('posts a message on an order: @-prefixed, in both companies’ feeds, ADD on the module topic', async () => {
    const res = await post(toSupplier('请确认交期'));
    expect(res.statusCode).toBe(200);
    const row = data(res) as Json;
    expect(row).toMatchObject({
      type: 'MESSAGE',
      state: 'UNREAD',
      subject: '@王销售 请确认交期',
      module: 'ORDER',
      module_id: s.order,
      module_number: s.orderName,
      from_company_id: s.a,
      from_contacts_id: s.cBuyer,
      to_company_id: s.s,
      to_contacts_id: s.cSupplier,
      event_type: 'ADD',
    });
    for (const [as, company] of [
      [s.buyer, s.a],
      [s.supplier, s.s],
    ] as const) {
      const change = (await feed(as, company)).find(
        (c) => c.table === 'todos' && c.id === String(row.id),
      );
      expect(change?.op, `feed of ${company}`).toBe('upsert');
      expect(change?.row?.version).toBe(row.version);
    }
    const topic = TOPICS.moduleMessages('ORDER', s.order);
    const event = await eventually(() =>
      events.find((e) => e.topic === topic && (e.payload as { item: Json }).item.id === row.id),
    );
    expect(event.payload).toMatchObject({
      event_type: 'ADD',
      item: { id: row.id, subject: '@王销售 请确认交期' },
    });
    const unread = await eventually(() =>
      events.find((e) => e.topic === TOPICS.myUnread(s.supplier)),
    );
    expect(unread.payload).toEqual({ count: 1 });
  });

  it('keeps a subject that already names someone, and does not prefix colleagues', async () => {
    const named = await post(toSupplier('@王销售 再确认一下'));
    expect((data(named) as Json).subject).toBe('@王销售 再确认一下');
    const internal = await post({
      module: 'ORDER',
      module_id: s.order,
      subject: '内部备注',
      to_company_id: s.a,
      to_contacts_id: s.cColleague,
    });
    expect((data(internal) as Json).subject).toBe('内部备注');
    const toCompany = await post(toSupplier('发给贵公司', { to_contacts_id: null }));
    expect(data(toCompany)).toMatchObject({ subject: '发给贵公司', to_contacts_id: null });
    expect((await post(toSupplier('x', { to_contacts_id: 0 }))).statusCode).toBe(400);
  });

  it('applies a replayed POST /messages once', async () => {
    const before = await db.database.db.select().from(todos);
    const first = await post(toSupplier('只发一次'), s.buyer, s.a, 'msg-replay-1');
    const second = await post(toSupplier('只发一次'), s.buyer, s.a, 'msg-replay-1');
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await db.database.db.select().from(todos)).length).toBe(before.length + 1);
  });

  it('refuses an empty message, more than five files, foreign files and foreign records', async () => {
    const empty = await post(toSupplier('   '));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error_message).toBe(TODO_MESSAGES.EMPTY_MESSAGE);
    const six = await post(
      toSupplier('', { todo_files: ['1', '2', '3', '4', '5', '6'].map((n) => `${s.a}/x/${n}`) }),
    );
    expect(six.statusCode).toBe(422);
    expect(six.json().error_message).toBe(fileCountLimitMessage(5));
    const stolen = await post(toSupplier('', { todo_files: [s.fileOfB] }));
    expect(stolen.statusCode).toBe(422);
    const foreignOrder = await post(toSupplier('看看', { module_id: s.foreignOrder }));
    expect(foreignOrder.statusCode).toBe(404);
    const strangers = await post(
      toSupplier('看看', { to_company_id: s.b, to_contacts_id: s.cForeign }),
    );
    expect(strangers.statusCode).toBe(422);
  });

  it('lists a module’s messages for both parties, with a second record and only the caller’s companies', async () => {
    const mine = items(
      await get({ as: s.buyer, company: s.a, url: `/ORDER/${s.order}/todos?todoTypes=MESSAGE` }),
    );
    const theirs = items(
      await get({ as: s.supplier, company: s.s, url: `/ORDER/${s.order}/todos` }),
    );
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(theirs.map((t) => t.id)).toEqual(
      mine.filter((t) => t.to_company_id === s.s).map((t) => t.id),
    );
    expect(mine.map((t) => t.id)).toEqual([...mine.map((t) => t.id)].sort((x, y) => x - y));
    const both = await get({
      as: s.buyer,
      company: s.a,
      url: `/ORDER/${s.order}/todos?modules=INQUERY_QUOTATION_SHEET:${s.sheet}&modules=ORDER:${s.order}`,
    });
    expect(both.statusCode).toBe(200);
    const three = await get({
      as: s.buyer,
      company: s.a,
      url: `/ORDER/${s.order}/todos?modules=INQUERY_QUOTATION_SHEET:${s.sheet}&modules=ORDER:${s.foreignOrder}`,
    });
    expect(three.statusCode).toBe(400);
    const foreign = await get({
      as: s.buyer,
      company: s.a,
      url: `/ORDER/${s.order}/todos?companyIds=${s.b}`,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error_message).toBe(COMMON_MESSAGES.NO_PERMISSION);
    expect(
      items(await get({ as: s.foreign, company: s.b, url: `/ORDER/${s.order}/todos` })),
    ).toEqual([]);
  });

  it('lists the inbox by scope and companies, and refuses a foreign company or an oversized page', async () => {
    const company = await get({
      as: s.supplier,
      company: s.s,
      url: '/todos?scope=COMPANY&message=true&size=200',
    });
    expect(company.statusCode).toBe(200);
    expect((data(company) as { total: number }).total).toBeGreaterThanOrEqual(3);
    const mine = items(await get({ as: s.colleague, company: s.a, url: '/todos?scope=MINE' }));
    expect(mine.map((t) => t.subject)).toEqual(['内部备注']);
    const two = await get({
      as: s.buyer,
      company: s.a,
      url: `/todos?scope=COMPANY&companyIds=${s.a}&companyIds=${s.a2}`,
    });
    expect(two.statusCode).toBe(200);
    expect(
      (await get({ as: s.buyer, company: s.a, url: `/todos?scope=COMPANY&companyIds=${s.b}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await get({ as: s.buyer, company: s.a, url: '/todos?scope=COMPANY&size=201' })).statusCode,
    ).toBe(400);
    expect(
      (await get({ as: s.buyer, company: s.a, url: '/todos?scope=EVERYONE' })).statusCode,
    ).toBe(400);
  });

  it('counts unread and undealt to-dos per user and company', async () => {
    const stats = data(await get({ as: s.supplier, company: s.s, url: '/statistics' })) as {
      unread: number;
      undealt: number;
      companies: Array<{ company_id: number; undealt: number; delay: number }>;
    };
    // Three messages went to the supplier's contact so far (one of them a replayed post), and
    // one to the supplier company without a contact: the company counts it, the user does not.
    expect(stats.unread).toBe(3);
    expect(stats.undealt).toBe(3);
    expect(stats.companies).toEqual([{ company_id: s.s, undealt: 4, delay: 0 }]);
  });

  it('lets only the recipient company mark read, processed and favourite', async () => {
    const [first] = items(
      await get({ as: s.supplier, company: s.s, url: `/ORDER/${s.order}/todos` }),
    );
    if (!first) throw new Error('no message');
    const bySender = await send('PUT', {
      as: s.buyer,
      company: s.a,
      url: `/todos/${first.id}?state=PROCESSED&todoTypes=MESSAGE`,
    });
    expect(bySender.statusCode).toBe(403);
    const byStranger = await send('PUT', {
      as: s.foreign,
      company: s.b,
      url: `/todos/${first.id}?state=PROCESSED`,
    });
    expect(byStranger.statusCode).toBe(404);
    const read = await send('PUT', {
      as: s.supplier,
      company: s.s,
      url: `/todos/${first.id}?state=READ&todoTypes=MESSAGE`,
    });
    expect(data(read)).toMatchObject({ id: first.id, state: 'READ', event_type: 'UPDATE' });
    const stateEvent = await eventually(() =>
      events.find((e) => e.topic === TOPICS.todoState(s.s) && (e.payload as Json).id === first.id),
    );
    expect(stateEvent.payload).toMatchObject({ state: 'READ' });
    const wrongType = await send('PUT', {
      as: s.supplier,
      company: s.s,
      url: `/todos/${first.id}?state=READ&todoTypes=MAIL`,
    });
    expect(wrongType.statusCode).toBe(404);
    const unread = await send('PUT', {
      as: s.supplier,
      company: s.s,
      url: `/todos/${first.id}?state=UNREAD`,
    });
    expect(unread.statusCode).toBe(422);
    const delay = '2030-01-02T03:04:05.000Z';
    const fav = await send('PATCH', {
      as: s.supplier,
      company: s.s,
      url: `/todos/${first.id}?delay=${delay}`,
    });
    expect(data(fav)).toMatchObject({ state: 'DELAYED' });
    expect(new Date(String((data(fav) as Json).delay_time)).toISOString()).toBe(delay);
    const favAgain = await send('PATCH', {
      as: s.supplier,
      company: s.s,
      url: `/todos/${first.id}?delay=${delay}`,
    });
    expect((data(favAgain) as Json).version).toBe((data(fav) as Json).version);
    const badDelay = await send('PATCH', {
      as: s.supplier,
      company: s.s,
      url: `/todos/${first.id}?delay=tomorrow`,
    });
    expect(badDelay.statusCode).toBe(400);
    const collects = items(
      await get({
        as: s.supplier,
        company: s.s,
        url: `/todos/my_company_collects?companyIds=${s.s}`,
      }),
    );
    expect(collects.map((t) => t.id)).toEqual([first.id]);
    const done = await send('PUT', {
      as: s.supplier,
      company: s.s,
      url: `/todos/${first.id}?state=PROCESSED`,
    });
    expect(data(done)).toMatchObject({ state: 'PROCESSED', delay_time: null });
    const again = await send('PUT', {
      as: s.supplier,
      company: s.s,
      url: `/todos/${first.id}?state=PROCESSED`,
    });
    expect((data(again) as Json).version).toBe((data(done) as Json).version);
  });

  it('makes the acting colleague the assignee when taking over another contact’s to-do', async () => {
    const sent = data(
      await post(
        {
          module: 'ORDER',
          module_id: s.order,
          subject: '请张管理跟进',
          to_company_id: s.a,
          to_contacts_id: s.cBuyer,
        },
        s.supplier,
        s.s,
      ),
    ) as Json;
    const res = await send('PUT', {
      as: s.colleague,
      company: s.a,
      url: `/todos/${sent.id}?state=PROCESSED&todoTypes=MESSAGE`,
    });
    expect(data(res)).toMatchObject({
      state: 'PROCESSED',
      to_contacts_id: s.cColleague,
      to_contacts_name: '张管理',
    });
    const [stored] = await db.database.db.select().from(todos).where(eq(todos.id, sent.id));
    expect(stored?.toContactsId).toBe(s.cColleague);
  });

  it('binds a to-do to another record of the company (BOUND) and refuses foreign records', async () => {
    const sent = data(await post(toSupplier('挪到询价单'))) as Json;
    const res = await send('PUT', {
      as: s.buyer,
      company: s.a,
      url: `/todos/${sent.id}/bounding?module=INQUERY_QUOTATION_SHEET&moduleId=${s.sheet}`,
    });
    expect(data(res)).toMatchObject({
      module: 'INQUERY_QUOTATION_SHEET',
      module_id: s.sheet,
      module_number: s.sheetName,
      event_type: 'BOUND',
    });
    const event = await eventually(() =>
      events.find((e) => e.topic === TOPICS.moduleMessages('INQUERY_QUOTATION_SHEET', s.sheet)),
    );
    expect(event.payload).toMatchObject({ event_type: 'BOUND', item: { id: sent.id } });
    const foreign = await send('PUT', {
      as: s.buyer,
      company: s.a,
      url: `/todos/${sent.id}/bounding?module=INQUERY_QUOTATION_SHEET&moduleId=${s.foreignSheet}`,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('lets only the sender’s company delete a message, leaving tombstones in both feeds', async () => {
    const sent = data(await post(toSupplier('发错了'))) as Json;
    expect(
      (await send('DELETE', { as: s.supplier, company: s.s, url: `/messages/${sent.id}` }))
        .statusCode,
    ).toBe(403);
    const res = await send('DELETE', { as: s.buyer, company: s.a, url: `/messages/${sent.id}` });
    expect(data(res)).toEqual({ id: sent.id });
    expect(await db.database.db.select().from(todos).where(eq(todos.id, sent.id))).toEqual([]);
    for (const [as, company] of [
      [s.buyer, s.a],
      [s.supplier, s.s],
    ] as const) {
      const change = (await feed(as, company)).find(
        (c) => c.table === 'todos' && c.id === String(sent.id),
      );
      expect(change).toMatchObject({ op: 'delete', row: null });
    }
  });

  it('answers the contacts, modules and a colleague’s status', async () => {
    const people = items(await get({ as: s.buyer, company: s.a, url: '/todos/contacts' }));
    expect(people.map((c) => c.id)).toEqual(
      expect.arrayContaining([s.cBuyer, s.cSupplier, s.cColleague]),
    );
    const modules = items(await get({ as: s.supplier, company: s.s, url: '/todos/modules' }));
    expect(modules.map((m) => m.module)).toEqual(['INQUERY_QUOTATION_SHEET', 'ORDER']);
    const onOrder = items(
      await get({ as: s.buyer, company: s.a, url: `/ORDER/${s.order}/contacts` }),
    );
    expect(onOrder.map((c) => c.id)).toEqual(expect.arrayContaining([s.cBuyer, s.cSupplier]));
    expect(
      (await get({ as: s.buyer, company: s.a, url: `/ORDER/${s.foreignOrder}/contacts` }))
        .statusCode,
    ).toBe(404);
    const status = data(
      await get({ as: s.buyer, company: s.a, url: `/todos/${s.cColleague}/status` }),
    );
    expect(status).toMatchObject({ contact_id: s.cColleague, status: 'IN_SERVICE' });
    expect(
      (await get({ as: s.buyer, company: s.a, url: `/todos/${s.cSupplier}/status` })).statusCode,
    ).toBe(404);
  });

  it('answers no status for a deleted colleague, nor takes messages for them', async () => {
    const contactsTable = db.database.db;
    const url = `/todos/${s.cColleague}/status`;
    await contactsTable
      .update(contacts)
      .set({ status: 'DELETED' })
      .where(eq(contacts.id, s.cColleague));
    try {
      expect((await get({ as: s.buyer, company: s.a, url })).statusCode).toBe(404);
      const message = await post({
        module: 'ORDER',
        module_id: s.order,
        subject: '给已删除的同事',
        to_company_id: s.a,
        to_contacts_id: s.cColleague,
      });
      expect(message.statusCode).toBe(422);
      expect(message.json().error_message).toBe(TODO_SERVER_MESSAGES.RECIPIENT_CONTACT_INVALID);
    } finally {
      await contactsTable
        .update(contacts)
        .set({ status: 'IN_SERVICE' })
        .where(eq(contacts.id, s.cColleague));
    }
    expect((await get({ as: s.buyer, company: s.a, url })).statusCode).toBe(200);
  });

  it('keeps mails: create, list, read, edit, file, delete, only with trading partners', async () => {
    const created = await send('POST', {
      as: s.buyer,
      company: s.a,
      url: '/mails',
      body: { subject: '对账单', to_company_id: s.s },
    });
    expect(created.statusCode).toBe(200);
    const mail = data(created) as Json;
    expect(mail).toMatchObject({ type: 'MAIL', mail_state: 'send', to_company_id: s.s });
    const listed = items(await get({ as: s.supplier, company: s.s, url: '/mails?numberOfDays=7' }));
    expect(listed.map((m) => m.id)).toContain(mail.id);
    expect(
      items(await get({ as: s.supplier, company: s.s, url: '/mails?mailState=junk' })),
    ).toEqual([]);
    expect(
      data(await get({ as: s.supplier, company: s.s, url: `/mails/${mail.id}` })),
    ).toMatchObject({ id: mail.id });
    expect((await get({ as: s.foreign, company: s.b, url: `/mails/${mail.id}` })).statusCode).toBe(
      404,
    );
    const edited = await send('PUT', {
      as: s.buyer,
      company: s.a,
      url: `/mails/${mail.id}`,
      body: { subject: '对账单（更正）' },
    });
    expect(data(edited)).toMatchObject({ subject: '对账单（更正）' });
    expect(
      (
        await send('PUT', {
          as: s.supplier,
          company: s.s,
          url: `/mails/${mail.id}`,
          body: { subject: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const filed = await send('PATCH', {
      as: s.supplier,
      company: s.s,
      url: `/mails/${mail.id}?mailState=received`,
    });
    expect(data(filed)).toMatchObject({ mail_state: 'received' });
    expect(
      (
        await send('PATCH', {
          as: s.supplier,
          company: s.s,
          url: `/mails/${mail.id}?mailState=lost`,
        })
      ).statusCode,
    ).toBe(400);
    const stranger = await send('POST', {
      as: s.buyer,
      company: s.a,
      url: '/mails',
      body: { subject: '你好', to_company_id: s.b },
    });
    expect(stranger.statusCode).toBe(422);
    expect(
      (await send('DELETE', { as: s.supplier, company: s.s, url: `/mails/${mail.id}` })).statusCode,
    ).toBe(403);
    expect(
      data(await send('DELETE', { as: s.buyer, company: s.a, url: `/mails/${mail.id}` })),
    ).toEqual({ id: mail.id });
  });

  it('refuses a foreign currentCompanyId and a missing token', async () => {
    expect((await get({ as: s.buyer, company: s.b, url: '/statistics' })).statusCode).toBe(403);
    const res = await app.inject({
      method: 'GET',
      url: `/todos-api/v7/statistics?currentCompanyId=${s.a}`,
    });
    expect(res.statusCode).toBe(401);
  });
});
