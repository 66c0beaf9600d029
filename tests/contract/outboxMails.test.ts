// The mail and message-delete outbox entries against the real server app (in-process, PGlite in
// memory): each request `toRequest` builds is one the server accepts, it lands once (a second
// send under the same Idempotency-Key replays the first answer, no second mail), the optimistic
// effects agree with the rows the server answers, a later change of a mail written offline goes
// out under the id its create's answer mapped, and another user's retraction is refused with 403.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { todos } from '../../server/db/schema/index';
import {
  createdIds,
  effectOn,
  type MutationInput,
  requestTarget,
  toRequest,
} from '../../src/sync/core/mutations';
import { classifyAnswer, type Outcome } from '../../src/sync/core/outcomes';
import type { IdMap, OutboxRequest } from '../../src/sync/core/types';
import { testConfig } from '../support/app';
import { drivers, openTestDatabase, type TestDatabase } from '../support/databases';
import { type FixtureIds, seedFixtures } from '../support/fixtures';
import { accessTokenFor } from '../support/tokens';
import { entry } from '../sync/core/fixtures';

describe.each(drivers)('mail and message-delete entries against the server on %s', (driver) => {
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
    for (const id of [fx.accounts.userA, fx.accounts.adminA]) {
      tokens.set(id, await accessTokenFor(db.database, `${config.publicUrl}/oidc`, id));
    }
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  const send = async (request: OutboxRequest, as = fx.accounts.userA) => {
    const res = await app.inject({
      method: request.method,
      url: requestTarget(request),
      headers: {
        authorization: `Bearer ${tokens.get(as)}`,
        ...request.headers,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
    });
    const outcome = classifyAnswer(
      { status: res.statusCode, body: res.json(), retryAfter: null },
      0,
    );
    return { outcome, replayed: res.headers['idempotent-replayed'] === 'true' };
  };
  const applied = (outcome: Outcome) => {
    if (outcome.kind !== 'applied') throw new Error(`${outcome.kind}: ${JSON.stringify(outcome)}`);
    return outcome;
  };
  // Written now: an entry as old as the fixtures' NOW is past the send window.
  const at = (seq: number, mutation: MutationInput) =>
    entry(seq, mutation, {
      companyId: fx.companies.buyerA,
      userSub: String(fx.accounts.userA),
      createdAt: Date.now(),
    });
  const mailsNamed = (subject: string) =>
    db.database.db.select().from(todos).where(eq(todos.subject, subject));

  it('writes a mail offline, edits, files and deletes it: each lands once, replays, as predicted', async () => {
    const create = at(1, {
      type: 'mail.create',
      payload: {
        todoId: -1,
        subject: '月底对账',
        mailState: 'draft',
        to: {
          companyId: fx.companies.buyerA,
          companyName: null,
          contactId: fx.contacts.adminA,
          contactName: '张管理',
        },
        from: {
          contactId: fx.contacts.userA,
          contactName: '李采购',
          companyName: null,
          avatar: null,
        },
      },
    });
    const first = await send(toRequest(create, new Map(), new Map()));
    const row = applied(first.outcome).row;
    if (!row) throw new Error('no mail answered');
    const predicted = effectOn(null, create);
    for (const field of ['type', 'subject', 'mail_state', 'to_company_id', 'to_contacts_id'])
      expect(row[field]).toEqual(predicted?.[field]);
    const again = await send(toRequest(create, new Map(), new Map()));
    expect(again.replayed).toBe(true);
    expect(applied(again.outcome).row?.id).toBe(row.id);
    expect(await mailsNamed('月底对账')).toHaveLength(1);

    const idMap: IdMap = new Map(createdIds(create, row));
    expect(idMap.get(-1)).toBe(row.id);
    const changes: MutationInput[] = [
      {
        type: 'mail.update',
        payload: {
          todoId: -1,
          subject: '月底对账（含运费）',
          to: { contactId: null, contactName: null },
          mailState: 'send',
        },
      },
      { type: 'mail.setState', payload: { todoId: -1, mailState: 'outgoing' } },
    ];
    let current = row;
    for (const [i, mutation] of changes.entries()) {
      const change = at(2 + i, mutation);
      const request = toRequest(change, idMap, new Map());
      expect(request.path).toContain(`/mails/${row.id}`);
      const answer = applied((await send(request)).outcome).row;
      if (!answer) throw new Error('no answer');
      const effect = effectOn(current, change);
      for (const field of ['subject', 'to_contacts_id', 'mail_state'])
        expect(answer[field]).toEqual(effect?.[field]);
      expect((await send(request)).replayed).toBe(true);
      current = answer;
    }
    expect(current).toMatchObject({ mail_state: 'outgoing', subject: '月底对账（含运费）' });

    const remove = at(5, { type: 'mail.delete', payload: { todoId: -1 } });
    const removal = toRequest(remove, idMap, new Map());
    expect(applied((await send(removal)).outcome).data).toEqual({ id: row.id });
    expect(effectOn(current, remove)).toBeNull();
    expect((await send(removal)).replayed).toBe(true);
    expect(await mailsNamed('月底对账（含运费）')).toEqual([]);
  });

  it('retracts the writer’s message once; a colleague’s retraction fails with 403', async () => {
    const post = at(10, {
      type: 'message.post',
      payload: {
        todoId: -10,
        module: 'ORDER',
        moduleId: fx.orders.contractSignedA.id,
        moduleNumber: null,
        subject: '发错了，请忽略',
        to: {
          companyId: fx.companies.supplier,
          companyName: null,
          contactId: fx.contacts.supplierSales,
          contactName: null,
        },
        from: {
          contactId: fx.contacts.userA,
          contactName: '李采购',
          companyName: null,
          avatar: null,
        },
        files: [],
      },
    });
    const message = applied((await send(toRequest(post, new Map(), new Map()))).outcome).row;
    if (!message) throw new Error('no message');
    const idMap: IdMap = new Map(createdIds(post, message));
    expect(await db.database.db.select().from(todos).where(eq(todos.id, message.id))).toHaveLength(
      1,
    );
    const retract = at(11, { type: 'message.delete', payload: { todoId: -10 } });
    const request = toRequest(retract, idMap, new Map());
    expect(request).toMatchObject({
      method: 'DELETE',
      path: `/todos-api/v7/messages/${message.id}`,
    });
    expect((await send(request, fx.accounts.adminA)).outcome).toMatchObject({
      kind: 'forbidden',
      status: 403,
      message: '你暂无该权限，请先获取权限',
    });
    expect(applied((await send(request)).outcome).data).toEqual({ id: message.id });
    expect((await send(request)).replayed).toBe(true);
    expect(await db.database.db.select().from(todos).where(eq(todos.id, message.id))).toEqual([]);
  });
});
