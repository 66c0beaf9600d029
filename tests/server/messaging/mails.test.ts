// The writes the inbox's mail actions and the chat's delete send through the outbox (settings-
// messaging-shared §7 "Mails", DELETE /messages/{id}): a draft written, edited, sent, filed and
// deleted, each answer a to-do row the contract's feed schema accepts, a repeated key answering
// the first result without a second mail, and a message retracted only by its own writer (a
// colleague of the same company is refused with the spec's 403 message, never a 500).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { todos } from '../../../server/db/schema/index';
import { ROW_SCHEMAS } from '../../../src/contract/feedSchemas';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { testConfig } from '../../support/app';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import { type FixtureIds, seedFixtures } from '../../support/fixtures';
import { accessTokenFor } from '../../support/tokens';

type Json = Record<string, unknown> & { id: number };

describe.each(drivers)('mails and message delete on %s', (driver) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let fx: FixtureIds;
  const tokens = new Map<number, string>();

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    const config = testConfig();
    app = await buildApp({ config, database: db.database });
    await app.ready();
    fx = await seedFixtures(db.database);
    for (const id of [fx.accounts.userA, fx.accounts.adminA, fx.accounts.userB]) {
      tokens.set(id, await accessTokenFor(db.database, `${config.publicUrl}/oidc`, id));
    }
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  type Call = { as: number; company?: number; url: string; body?: unknown; key?: string };
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', c: Call) =>
    app.inject({
      method,
      url: `/todos-api/v7${c.url}${c.url.includes('?') ? '&' : '?'}currentCompanyId=${c.company ?? fx.companies.buyerA}`,
      headers: {
        authorization: `Bearer ${tokens.get(c.as)}`,
        ...(c.key ? { 'idempotency-key': c.key } : {}),
      },
      ...(c.body === undefined ? {} : { payload: c.body as Record<string, unknown> }),
    });
  const data = (res: { json(): unknown }) => (res.json() as { data: Json }).data;
  const asFeedRow = (row: unknown) => ROW_SCHEMAS.todos.parse(row);

  it('writes a draft, edits and sends it, files it, deletes it: every answer a feed row', async () => {
    const key = 'mail-draft-0001';
    const body = {
      subject: ' 下周盘点 ',
      to_company_id: fx.companies.buyerA,
      to_contacts_id: fx.contacts.adminA,
      mail_state: 'draft',
    };
    const first = await send('POST', { as: fx.accounts.userA, url: '/mails', body, key });
    expect(first.statusCode).toBe(200);
    const draft = asFeedRow(data(first));
    expect(draft).toMatchObject({ type: 'MAIL', mail_state: 'draft', subject: '下周盘点' });
    const again = await send('POST', { as: fx.accounts.userA, url: '/mails', body, key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(data(again).id).toBe(draft.id);
    const stored = await db.database.db.select().from(todos).where(eq(todos.subject, '下周盘点'));
    expect(stored).toHaveLength(1);

    const edited = await send('PUT', {
      as: fx.accounts.userA,
      url: `/mails/${draft.id}`,
      body: { subject: '下周三盘点', to_contacts_id: null, mail_state: 'send' },
      key: 'mail-edit-0001',
    });
    expect(asFeedRow(data(edited))).toMatchObject({
      subject: '下周三盘点',
      to_contacts_id: null,
      mail_state: 'send',
    });
    const filed = await send('PATCH', {
      as: fx.accounts.adminA,
      url: `/mails/${draft.id}?mailState=junk`,
      key: 'mail-file-0001',
    });
    expect(asFeedRow(data(filed))).toMatchObject({ mail_state: 'junk' });

    const deleted = await send('DELETE', {
      as: fx.accounts.userA,
      url: `/mails/${draft.id}`,
      key: 'mail-del-0001',
    });
    expect(data(deleted)).toEqual({ id: draft.id });
    const replay = await send('DELETE', {
      as: fx.accounts.userA,
      url: `/mails/${draft.id}`,
      key: 'mail-del-0001',
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('lets only the writer retract a message: a colleague gets 403 with the spec’s words', async () => {
    const posted = await send('POST', {
      as: fx.accounts.userA,
      url: '/messages',
      body: {
        module: 'ORDER',
        module_id: fx.orders.contractSignedA.id,
        subject: '发错了',
        to_company_id: fx.companies.supplier,
        to_contacts_id: fx.contacts.supplierSales,
        todo_files: [],
      },
    });
    const message = data(posted);
    const colleague = await send('DELETE', {
      as: fx.accounts.adminA,
      url: `/messages/${message.id}`,
    });
    expect(colleague.statusCode).toBe(403);
    expect(colleague.json()).toMatchObject({ error_message: COMMON_MESSAGES.NO_PERMISSION });
    const stranger = await send('DELETE', {
      as: fx.accounts.userB,
      company: fx.companies.buyerB,
      url: `/messages/${message.id}`,
    });
    expect([403, 404]).toContain(stranger.statusCode);
    const own = await send('DELETE', {
      as: fx.accounts.userA,
      url: `/messages/${message.id}`,
      key: 'msg-del-0001',
    });
    expect(data(own)).toEqual({ id: message.id });
    expect(await db.database.db.select().from(todos).where(eq(todos.id, message.id))).toEqual([]);
  });
});
