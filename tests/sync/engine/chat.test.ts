// Chat messages through the engine against the real server on loopback: a
// message written offline with an attachment shows at once in the panel's thread, marked pending;
// after reconnecting its attachment is uploaded first and the message is posted exactly once
// (through a 503 and a restart), and the thread then holds the server's row. A refused message is
// rolled back and kept with the server's reason for retry or discard; a message addressed to the
// user set READ offline reaches the server once.
import 'fake-indexeddb/auto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { todos } from '../../../server/db/schema/index';
import { postMessage } from '../../../server/messaging/todoService';
import { write } from '../../../server/sync/write';
import { chatMessages } from '../../../src/data/lists/queries';
import { readIdMapPairs } from '../../../src/data/meta';
import { DOCUMENT_TYPES } from '../../../src/domain/files/uploads';
import type { MessagePostPayload } from '../../../src/sync/core/mutations/todos';
import { PENDING_FIELD } from '../../../src/sync/core/types';
import { storeFile } from '../../../src/sync/engine/files';
import type { FetchLike } from '../../../src/sync/engine/http';
import {
  type Call,
  engineSuite,
  type Harness,
  makeEngine,
  Network,
  openLocal,
  orderMessage,
  storedAnswers,
  synced,
  until,
} from './engineHarness';

const MESSAGES_PATH = '/todos-api/v7/messages?';
const UPLOAD_PATH = '/api/v7/files?';

describe('chat messages through the outbox', () => {
  const suite = engineSuite();
  const { engines, dbs } = suite;
  let h: Harness;
  beforeAll(() => {
    h = suite.harness;
  });

  const A = () => h.fx.companies.buyerA;
  const orderId = () => h.fx.orders.contractSignedA.id;
  const thread = () => ({ module: 'ORDER', moduleId: orderId() }) as const;

  async function setup(net = new Network()) {
    const db = await openLocal();
    dbs.push(db);
    const engine = makeEngine(h, db, net, { companies: [A()] });
    engines.push(engine);
    await engine.start();
    await synced(engine);
    return { db, engine, net };
  }

  function payload(todoId: number, subject: string, over: Partial<MessagePostPayload> = {}) {
    return orderMessage(h, todoId, subject, { moduleId: orderId(), ...over });
  }

  const serverMessages = (subject: string) =>
    h.server.db.database.db
      .select()
      .from(todos)
      .where(and(eq(todos.subject, subject), eq(todos.moduleId, orderId())));

  const posts = (net: Network, status?: number | 'network') =>
    net
      .mutations()
      .filter((call) => call.url.includes(MESSAGES_PATH))
      .filter((call) => status === undefined || call.status === status);

  it('delivers a message written offline with an attachment exactly once after reconnecting', async () => {
    const { db, engine, net } = await setup();
    net.offline = true;
    const stored = await storeFile(db, {
      companyId: A(),
      userSub: String(h.fx.accounts.userA),
      now: Date.now(),
      file: {
        blob: new Blob(['现场照片'.repeat(10)]),
        name: '现场照片.txt',
        contentType: 'text/plain',
        documentType: DOCUMENT_TYPES.TODO_ATTACHMENT,
      },
    });
    if (!stored.ok) throw new Error(stored.message);
    const todoId = await engine.temporaryId();
    const subject = '@王销售 请确认发货时间';
    const entryId = await engine.enqueue(A(), {
      type: 'message.post',
      payload: payload(todoId, subject, { files: [stored.file] }),
    });

    // Shown at once in the panel's thread, pending, with its attachment.
    const shown = await chatMessages(db, { companyId: A(), threads: [thread()] });
    expect(shown.at(-1)).toMatchObject({
      id: todoId,
      subject,
      state: 'UNREAD',
      has_attachment: true,
      [PENDING_FIELD]: true,
    });
    expect(shown.at(-1)?.todo_files[0]?.attachment).toMatchObject({ name: '现场照片.txt' });
    await until(
      () => net.calls.some((c) => c.url.includes(UPLOAD_PATH) && c.status === 'network'),
      'the upload tried offline',
    );
    expect(posts(net)).toEqual([]);

    // Back online, the first message post is answered 503 before it reaches the server; then
    // the engine restarts before it tries again.
    let refuseNextPost = true;
    const flaky: FetchLike = async (url, init) => {
      if (refuseNextPost && url.includes(MESSAGES_PATH)) {
        refuseNextPost = false;
        net.calls.push({ method: 'POST', url, status: 503 });
        return new Response(JSON.stringify({ error_code: 'UNAVAILABLE' }), { status: 503 });
      }
      return net.fetch(url, init);
    };
    await engine.stop();
    net.offline = false;
    const online = makeEngine(h, db, net, { companies: [A()], fetch: flaky });
    engines.push(online);
    await online.start();
    await until(() => posts(net, 503).length === 1, 'the 503');
    await online.stop();
    const restarted = makeEngine(h, db, net, { companies: [A()], fetch: flaky });
    engines.push(restarted);
    await restarted.start();
    await until(() => restarted.status().pending === 0, 'the message applied');

    const [sent, ...more] = await serverMessages(subject);
    expect(more).toEqual([]);
    expect(sent).toMatchObject({
      fromCompanyId: A(),
      fromContactsId: h.fx.contacts.userA,
      toCompanyId: h.fx.companies.supplier,
      toContactsId: h.fx.contacts.supplierSales,
      state: 'UNREAD',
    });
    expect(sent?.files).toEqual([expect.objectContaining({ name: '现场照片.txt' })]);
    // The upload went before the message, once; the message was stored once under its key.
    const uploaded = (c: Call) => c.url.includes(UPLOAD_PATH) && c.status === 200;
    expect(net.calls.filter(uploaded)).toHaveLength(1);
    expect(net.calls.findIndex(uploaded)).toBeLessThan(
      net.calls.findIndex((c) => c.url.includes(MESSAGES_PATH) && c.status === 200),
    );
    expect(posts(net, 200)).toHaveLength(1);
    expect(await storedAnswers(h, entryId)).toBe(1);

    // The thread holds the server's row under its id, no longer pending, and nothing twice.
    const serverId = new Map(await readIdMapPairs(db)).get(todoId);
    expect(serverId).toBe(sent?.id);
    await restarted.pullNow(A());
    const after = await chatMessages(db, { companyId: A(), threads: [thread()] });
    const mine = after.filter((m) => m.subject === subject);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: sent?.id, has_attachment: true });
    expect(mine[0]).not.toHaveProperty(PENDING_FIELD);
    expect(mine[0]?.todo_files[0]?.attachment.url).not.toBe('');
  });

  it('keeps a refused message with the server’s reason, rolled back from the thread', async () => {
    const { db, engine } = await setup();
    const todoId = await engine.temporaryId();
    const subject = '发给不相干的公司';
    const entryId = await engine.enqueue(A(), {
      type: 'message.post',
      payload: payload(todoId, subject, {
        to: {
          companyId: h.fx.companies.buyerB,
          companyName: null,
          contactId: null,
          contactName: null,
        },
      }),
    });
    await until(() => engine.status().failed.length === 1, 'the refusal');
    const [failed] = engine.status().failed;
    expect(failed).toMatchObject({ id: entryId, type: 'message.post' });
    expect(failed?.failure?.message).toBeTruthy();
    const shown = await chatMessages(db, { companyId: A(), threads: [thread()] });
    expect(shown.some((m) => m.id === todoId)).toBe(false);
    expect(await serverMessages(subject)).toEqual([]);
    expect(await engine.discard(entryId)).toEqual([entryId]);
    expect(engine.status().failed).toEqual([]);
  });

  it('sets a message addressed to the user READ offline, once on the server after reconnecting', async () => {
    const subject = '订单已发货，请注意查收';
    const [posted] = await write(h.server.db.database.db, async (tx, changes) => [
      await postMessage(tx, changes, {
        module: 'ORDER',
        module_id: orderId(),
        subject,
        to_company_id: A(),
        to_contacts_id: h.fx.contacts.userA,
        todo_files: [],
        fromCompanyId: h.fx.companies.supplier,
        fromContactId: h.fx.contacts.supplierSales,
      }),
    ]);
    if (!posted) throw new Error('no message posted');
    const { db, engine, net } = await setup();
    expect(await db.todos.get([A(), posted.id])).toMatchObject({ state: 'UNREAD' });

    net.offline = true;
    await engine.enqueue(A(), {
      type: 'todo.setState',
      payload: {
        todoId: posted.id,
        state: 'READ',
        delay: null,
        todoType: 'MESSAGE',
        assignee: null,
      },
    });
    expect(await db.todos.get([A(), posted.id])).toMatchObject({
      state: 'READ',
      [PENDING_FIELD]: true,
    });
    const serverState = async () =>
      (await h.server.db.database.db.select().from(todos).where(eq(todos.id, posted.id)))[0]?.state;
    expect(await serverState()).toBe('UNREAD');

    net.offline = false;
    await engine.pullNow();
    await until(() => engine.status().pending === 0, 'the state change applied');
    expect(await serverState()).toBe('READ');
    const puts = net
      .mutations()
      .filter((c) => c.url.includes(`/todos-api/v7/todos/${posted.id}?`) && c.status === 200);
    expect(puts).toHaveLength(1);
  });
});
