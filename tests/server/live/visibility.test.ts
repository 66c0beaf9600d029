// A record's chat topic carries only what the subscriber's companies may read over REST (review
// L15): the buyer does not hear the supplier's exchange with customer service on the buyer's own
// sheet, which the REST thread does not list to the buyer either; the supplier hears both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, companies, contacts, todos } from '../../../server/db/schema/index';
import { publishTodo } from '../../../server/messaging/todoRows';
import { write } from '../../../server/sync/write';
import { TOPICS } from '../../../src/domain/todos/topics';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import {
  type Frame,
  LiveClient,
  type LiveServer,
  type Parties,
  seedParties,
  startLiveServer,
} from '../../support/live';
import { accessTokenFor } from '../../support/tokens';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(drivers)('chat topic visibility on %s', (driver) => {
  let db: TestDatabase;
  let server: LiveServer;
  let p: Parties;
  let supplierUser: number;
  let service: number;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    server = await startLiveServer(db.database);
    p = await seedParties(db.database, `vis-${driver}`);
    const [user] = await db.database.db
      .insert(accounts)
      .values({ username: `s-vis-${driver}`, passwordHash: '-', name: '王五' })
      .returning({ id: accounts.id });
    const [cs] = await db.database.db
      .insert(companies)
      .values({ name: `客服${driver}`, role: 'SUPPLIER' })
      .returning({ id: companies.id });
    if (!user || !cs) throw new Error('seed failed');
    await db.database.db
      .insert(contacts)
      .values({ companyId: p.supplier, accountId: user.id, name: '王五' });
    supplierUser = user.id;
    service = cs.id;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
    await db.drop();
  });

  const signedIn = async (userId: number) => {
    const client = await LiveClient.open(server.url);
    clients.push(client);
    const token = await accessTokenFor(db.database, server.issuer, userId);
    expect(await client.connect(token, userId)).toEqual({ type: 'connected' });
    return { client, token };
  };

  /** A message on X's sheet from one company to another, published as the writers do. */
  const message = (subject: string, from: number, to: number) =>
    write(db.database.db, async (tx, changes) => {
      const [after] = await tx
        .insert(todos)
        .values({
          subject,
          module: 'INQUERY_QUOTATION_SHEET',
          moduleId: p.sheetOfX,
          fromCompanyId: from,
          toCompanyId: to,
        })
        .returning();
      if (!after) throw new Error('insert failed');
      await publishTodo(tx, changes, {
        before: null,
        after,
        eventType: 'ADD',
        stateChanged: false,
      });
    });

  const subjects = (frames: Frame[]) =>
    frames.map((f) => (f.payload as { item: { subject: string } }).item.subject);

  const restThread = async (token: string, companyId: number) => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/todos-api/v7/INQUERY_QUOTATION_SHEET/${p.sheetOfX}/todos?currentCompanyId=${companyId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: { items: Array<{ subject: string }> } }).data.items.map(
      (item) => item.subject,
    );
  };

  it('sends each party only the to-dos its companies sent or received, as REST lists them', async () => {
    const topic = TOPICS.moduleMessages('INQUERY_QUOTATION_SHEET', p.sheetOfX);
    const buyer = await signedIn(p.userX);
    const supplier = await signedIn(supplierUser);
    expect(await buyer.client.subscribe(topic)).toEqual({ type: 'subscribed', topic });
    expect(await supplier.client.subscribe(topic)).toEqual({ type: 'subscribed', topic });

    await message('客服内部沟通', p.supplier, service);
    await message('买方提问', p.companyX, p.supplier);
    await supplier.client.next((f) => f.type === 'event' && subjects([f])[0] === '买方提问');
    await buyer.client.next((f) => f.type === 'event' && subjects([f])[0] === '买方提问');
    await sleep(100);

    expect(subjects(supplier.client.events(topic))).toEqual(['客服内部沟通', '买方提问']);
    expect(subjects(buyer.client.events(topic))).toEqual(['买方提问']);
    // The same split as the REST thread of each party.
    expect(await restThread(supplier.token, p.supplier)).toEqual(['客服内部沟通', '买方提问']);
    expect(await restThread(buyer.token, p.companyX)).toEqual(['买方提问']);
  });
});
