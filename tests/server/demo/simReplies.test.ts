// The supplier's answers to buyers' chat messages: the topic a message is about
// and the reply to it, always to a question and otherwise by chance; and the simulator's step on
// the fixtures: after a short wait the addressed sales contact reads the buyer's message and
// answers the buyer who wrote it on the same order, through the services the API uses (feed and
// live topic included), once; its own messages and what is not due are left alone.
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { syncChanges, todos } from '../../../server/db/schema/index';
import { REPLY_TEXTS } from '../../../server/demo/sim/messages';
import { answers, REPLY_CHANCE, replyText, replyTopic } from '../../../server/demo/sim/replies';
import { simulateOnce } from '../../../server/demo/sim/simulator';
import { simTiming } from '../../../server/demo/sim/timing';
import { postMessage } from '../../../server/messaging/todoService';
import { write } from '../../../server/sync/write';
import {
  type DriverName,
  drivers,
  openTestDatabase,
  type TestDatabase,
} from '../../support/databases';
import { type FixtureIds, seedFixtures } from '../../support/fixtures';

const always = (value: number) => () => value;

describe('replies', () => {
  it.each([
    ['@王销售 这个价格能再优惠一点吗？', 'price'],
    ['请问这批货什么时候到货', 'delivery'],
    ['发票抬头请开我们公司全称', 'invoice'],
    ['预付款已安排，请查收水单', 'payment'],
    ['合同第三条需要改一下', 'contract'],
    ['第1行数量改为 5 个', 'change'],
    ['收到，谢谢！', 'thanks'],
    ['在吗', 'other'],
  ] as const)('%j is about %s', (subject, topic) => {
    expect(replyTopic(subject, false)).toBe(topic);
  });

  it('a message of attachments only is answered about the attachments', () => {
    expect(replyTopic('@王销售', true)).toBe('attachment');
    expect(replyTopic('', false)).toBe('other');
  });

  it('a question is always answered; anything else by chance', () => {
    expect(answers('货期能缩短吗', always(0.99))).toBe(true);
    expect(answers('请问到哪了', always(0.99))).toBe(true);
    expect(answers('好的，收到', always(0.99))).toBe(false);
    expect(answers('好的，收到', always(REPLY_CHANCE - 0.01))).toBe(true);
  });

  it('reads after 8 s at speed 1, scaled by SIM_SPEED', () => {
    expect(simTiming(1).replyAgeMs).toBe(8000);
    expect(simTiming(10).replyAgeMs).toBe(800);
  });

  it('names the document and is the same for the same random stream', () => {
    const first = replyText('价格能优惠吗', false, 'PO20250109000001', always(0));
    expect(first).toContain('PO20250109000001');
    expect(first).toContain('价格');
    expect(replyText('价格能优惠吗', false, 'PO20250109000001', always(0))).toBe(first);
    expect(replyText('价格能优惠吗', false, 'PO20250109000001', always(0.99))).not.toBe(first);
  });
});

describe.each(drivers)('the simulator answers buyers’ messages on %s', (driver: DriverName) => {
  const opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.drop()));
  });

  async function fresh(): Promise<{ t: TestDatabase; fx: FixtureIds }> {
    const t = await openTestDatabase(driver);
    opened.push(t);
    return { t, fx: await seedFixtures(t.database) };
  }

  const replyAge = simTiming(1).replyAgeMs;

  /** The buyer writes on the fixtures' order to the supplier's sales contact. */
  async function buyerWrites(t: TestDatabase, fx: FixtureIds, subject: string) {
    const row = await write(t.database.db, (tx, changes) =>
      postMessage(tx, changes, {
        module: 'ORDER',
        module_id: fx.orders.contractSignedA.id,
        subject,
        to_company_id: fx.companies.supplier,
        to_contacts_id: fx.contacts.supplierSales,
        todo_files: [],
        fromCompanyId: fx.companies.buyerA,
        fromContactId: fx.contacts.userA,
      }),
    );
    const [stored] = await t.database.db.select().from(todos).where(eq(todos.id, row.id));
    if (!stored) throw new Error('no message');
    return stored;
  }

  const thread = (t: TestDatabase, fx: FixtureIds) =>
    t.database.db
      .select()
      .from(todos)
      .where(and(eq(todos.module, 'ORDER'), eq(todos.moduleId, fx.orders.contractSignedA.id)))
      .orderBy(todos.id);

  it('reads a question after the wait and answers the buyer who asked, once', async () => {
    const { t, fx } = await fresh();
    const asked = await buyerWrites(t, fx, '请问这批货什么时候发货？');
    // PostgreSQL keeps microseconds, a Date milliseconds: the message is up to 1 ms after this.
    const created = new Date(asked.createTime).getTime();

    // Only what buyers did from the message on: the fixtures' old records stay as they are.
    const since = new Date(created);
    const early = await simulateOnce(t.database.db, {
      now: new Date(created + replyAge - 1),
      random: always(0.99),
      since,
    });
    expect(early.actions.filter((a) => a.kind === 'reply')).toEqual([]);

    const step = await simulateOnce(t.database.db, {
      now: new Date(created + replyAge + 1),
      random: always(0.99),
      since,
    });
    expect(step.failed).toEqual([]);
    const replies = step.actions.filter((a) => a.kind === 'reply');
    expect(replies).toEqual([
      expect.objectContaining({ kind: 'reply', messageId: asked.id, message: expect.any(String) }),
    ]);

    const [question, answer, ...more] = await thread(t, fx);
    expect(more).toEqual([]);
    expect(question).toMatchObject({ id: asked.id, state: 'READ' });
    expect(answer).toMatchObject({
      type: 'MESSAGE',
      state: 'UNREAD',
      fromCompanyId: fx.companies.supplier,
      fromContactsId: fx.contacts.supplierSales,
      toCompanyId: fx.companies.buyerA,
      toContactsId: fx.contacts.userA,
    });
    // The app's @-rule names the buyer; the reply is about delivery and names the order.
    const no = fx.orders.contractSignedA.name;
    expect(REPLY_TEXTS.delivery.map((text) => `@李采购 ${text.replaceAll('{no}', no)}`)).toContain(
      answer?.subject,
    );
    // Both companies' feeds carry the reply.
    for (const companyId of [fx.companies.buyerA, fx.companies.supplier]) {
      const [entry] = await t.database.db
        .select()
        .from(syncChanges)
        .where(
          and(
            eq(syncChanges.companyId, companyId),
            eq(syncChanges.tableName, 'todos'),
            eq(syncChanges.rowId, String(answer?.id)),
          ),
        );
      expect(entry).toBeDefined();
    }

    // Read now: a later step leaves it, and the supplier never answers its own reply.
    const later = await simulateOnce(t.database.db, {
      now: new Date(created + 10 * replyAge),
      random: always(0),
      since,
    });
    expect(later.actions.filter((a) => a.kind === 'reply')).toEqual([]);
    expect(await thread(t, fx)).toHaveLength(2);
  });

  it('reads a message that asks nothing and answers it only by chance', async () => {
    const { t, fx } = await fresh();
    const said = await buyerWrites(t, fx, '好的，收到');
    const created = new Date(said.createTime).getTime();
    const step = await simulateOnce(t.database.db, {
      now: new Date(created + replyAge + 1),
      random: always(0.99),
      since: new Date(created),
    });
    expect(step.actions.filter((a) => a.kind === 'reply')).toEqual([
      { kind: 'reply', messageId: said.id, message: null },
    ]);
    const rows = await thread(t, fx);
    expect(rows.map((r) => [r.id, r.state])).toEqual([[said.id, 'READ']]);
  });

  it('leaves messages written before the server started (since) and skipped ones alone', async () => {
    const { t, fx } = await fresh();
    const asked = await buyerWrites(t, fx, '价格能优惠吗？');
    const created = new Date(asked.createTime).getTime();
    const now = new Date(created + replyAge);
    const before = await simulateOnce(t.database.db, {
      now,
      random: always(0),
      since: new Date(created + 1),
    });
    expect(before.actions.filter((a) => a.kind === 'reply')).toEqual([]);
    const skipped = await simulateOnce(t.database.db, {
      now,
      random: always(0),
      since: new Date(created),
      skip: { messages: [asked.id] },
    });
    expect(skipped.actions.filter((a) => a.kind === 'reply')).toEqual([]);
    expect((await thread(t, fx)).map((r) => r.state)).toEqual(['UNREAD']);
  });
});
