// An entry on a sheet created offline whose create was discarded (found by the property test,
// seed 1260213985): the create is refused, the user discards it, then a chat panel still open on
// the sheet posts a message under its temporary id. Nothing will ever map that id, so the message
// is refused at enqueue and nothing is written; one already stored (an older app) is failed with
// the same message, never sent. A create still waiting, or already answered, is not affected.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { readClientId } from '../../../src/data/meta';
import { SYNC_LABELS } from '../../../src/domain/messages/sync';
import { CREATE_DISCARDED_CODE, enqueueRefusal } from '../../../src/sync/core/lifecycle';
import type { MutationInput } from '../../../src/sync/core/mutations';
import type { MessagePostPayload } from '../../../src/sync/core/mutations/todos';
import { discardEntry, enqueueEntry } from '../../../src/sync/engine/commands';
import { line } from '../core/fixtures';
import {
  engineSuite,
  type Harness,
  makeEngine,
  Network,
  openLocal,
  synced,
  until,
} from './engineHarness';

const MESSAGES_PATH = '/todos-api/v7/messages?';

describe('entries on a row whose create was discarded', () => {
  const suite = engineSuite();
  const { engines, dbs } = suite;
  let h: Harness;
  beforeAll(() => {
    h = suite.harness;
  });

  const A = () => h.fx.companies.buyerA;

  async function setup(net = new Network()) {
    const db = await openLocal();
    dbs.push(db);
    const engine = makeEngine(h, db, net, { companies: [A()] });
    engines.push(engine);
    await engine.start();
    await synced(engine);
    return { db, engine, net };
  }

  /** A sheet created offline; `departed` as owner makes the server refuse it. */
  const create = (sheetId: number, departed: boolean): MutationInput => ({
    type: 'sheet.create',
    payload: {
      sheetId,
      brand: { id: h.fx.brands.logo, name: 'Siemens', view: null },
      lines: [line()],
      saveToDraft: true,
      supplier: null,
      owner: departed ? { id: h.fx.contacts.departedA, name: '钱离职' } : null,
      remark: null,
    },
  });

  const message = (todoId: number, sheetId: number, subject: string): MutationInput => ({
    type: 'message.post',
    payload: {
      todoId,
      module: 'INQUERY_QUOTATION_SHEET',
      moduleId: sheetId,
      moduleNumber: null,
      subject,
      to: {
        companyId: h.fx.companies.supplier,
        companyName: null,
        contactId: null,
        contactName: null,
      },
      from: {
        contactId: h.fx.contacts.userA,
        contactName: '李采购',
        companyName: null,
        avatar: null,
      },
      files: [],
    } satisfies MessagePostPayload,
  });

  const posts = (net: Network) => net.mutations().filter((c) => c.url.includes(MESSAGES_PATH));

  it('refuses a message on a sheet whose refused create was discarded, and writes nothing', async () => {
    const { db, engine, net } = await setup();
    const sheetId = await engine.temporaryId();
    const createId = await engine.enqueue(A(), create(sheetId, true));
    await until(() => engine.status().failed.length === 1, 'the create refused');
    expect(await engine.discard(createId)).toEqual([createId]);
    expect(await db.sheets.get([A(), sheetId])).toBeUndefined();

    const todoId = await engine.temporaryId();
    const refused = await engine.enqueue(A(), message(todoId, sheetId, '还在吗')).then(
      () => null,
      (error: unknown) => error,
    );
    // The chat panel shows the engine's reason (useSendMessage).
    expect(enqueueRefusal(refused)).toBe(SYNC_LABELS.CREATE_DISCARDED);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.todos.get([A(), todoId])).toBeUndefined();
    // The outbox is at rest: nothing waits for an id that will never come.
    await engine.idle();
    expect(engine.status()).toMatchObject({ pending: 0, failed: [] });
    expect(posts(net)).toEqual([]);
  });

  it('fails a stored entry whose create was discarded after it was written, without sending it', async () => {
    const net = new Network();
    const { db, engine } = await setup(net);
    await engine.stop();
    // What an older app left: the message written while its sheet's create waited, then the
    // create discarded on its own, the message kept.
    const sheetId = await engine.temporaryId();
    const todoId = await engine.temporaryId();
    const args = {
      clientId: await readClientId(db),
      userSub: String(h.fx.accounts.userA),
      companyId: A(),
      now: Date.now(),
    };
    const createId = await enqueueEntry(db, { ...args, mutation: create(sheetId, false) });
    const messageId = await enqueueEntry(db, {
      ...args,
      mutation: message(todoId, sheetId, '旧版本留下的消息'),
    });
    const stored = await db.outbox.get(messageId);
    if (!stored) throw new Error('message not stored');
    expect(await discardEntry(db, createId)).toEqual([messageId, createId]);
    await db.outbox.put(stored);

    const restarted = makeEngine(h, db, net, { companies: [A()] });
    engines.push(restarted);
    await restarted.start();
    await until(() => restarted.status().failed.length === 1, 'the message failed');
    const [failed] = restarted.status().failed;
    expect(failed).toMatchObject({
      id: messageId,
      failure: { status: 0, code: CREATE_DISCARDED_CODE, message: SYNC_LABELS.CREATE_DISCARDED },
    });
    expect(restarted.status().pending).toBe(0);
    expect(await db.todos.get([A(), todoId])).toBeUndefined();
    expect(posts(net)).toEqual([]);
    // Retried, it is refused again; discarded, the outbox is empty.
    expect(await restarted.retry(messageId)).toBe(true);
    await until(() => restarted.status().failed.length === 1, 'refused again');
    expect(await restarted.discard(messageId)).toEqual([messageId]);
    expect(await db.outbox.count()).toBe(0);
    expect(posts(net)).toEqual([]);
  });

  it('accepts a message on a sheet whose create is waiting or answered, and posts it once', async () => {
    const { db, engine, net } = await setup();
    net.offline = true;
    const sheetId = await engine.temporaryId();
    await engine.enqueue(A(), create(sheetId, false));
    // Waiting: the message waits for the sheet's id.
    await engine.enqueue(A(), message(await engine.temporaryId(), sheetId, '第一条'));
    net.offline = false;
    await engine.pullNow();
    await until(() => engine.status().pending === 0, 'both entries applied');
    // Answered: the screen still holds the temporary id, the id map resolves it.
    await engine.enqueue(A(), message(await engine.temporaryId(), sheetId, '第二条'));
    await until(() => engine.status().pending === 0, 'the second message applied');
    expect(engine.status().failed).toEqual([]);
    const serverPosts = posts(net).filter((call) => call.status === 200);
    expect(serverPosts).toHaveLength(2);
    expect(await db.sheets.get([A(), sheetId])).toBeUndefined();
  });
});
