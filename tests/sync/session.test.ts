// Two tabs' sync sessions side by side against the real server: one shared in-memory lock
// manager, Node's BroadcastChannel between them, each with its own connection to the same
// (fake-indexeddb) database, as two tabs of one user. Only the leader runs an engine and a live
// client; a follower's command reaches the leader's engine and the server, exactly once even
// when the leader dies before answering; a follower's sign-in reaches the leader; closing the
// leader hands the engine over.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isRecord } from '../../src/domain/guards';
import type { MutationInput } from '../../src/sync/core/mutations';
import type { SyncSession } from '../../src/sync/session';
import {
  type Harness,
  publishCompany,
  serverSheet,
  startHarness,
  storedAnswers,
  until,
} from './engine/engineHarness';
import { openInspector, openTabs, roles } from './sessionHarness';

describe('createSyncSession', () => {
  let h: Harness;
  const sessions: SyncSession[] = [];

  beforeAll(async () => {
    h = await startHarness();
    await publishCompany(h, h.fx.companies.buyerA);
  });
  afterEach(async () => {
    for (const session of sessions.splice(0)) await session.stop();
  });
  afterAll(() => h.server.close());

  /** Gives the draft sheet to whichever of two contacts does not own it now. */
  async function changeOwner(): Promise<{ mutation: MutationInput; to: number; version: number }> {
    const sheet = await serverSheet(h, h.fx.sheets.draftA.id);
    const { adminA, userA } = h.fx.contacts;
    const to = sheet.ownerContactId === adminA ? userA : adminA;
    const mutation: MutationInput = {
      type: 'sheet.changeOwner',
      payload: {
        id: sheet.id,
        ifMatch: sheet.version,
        owner: { id: to, name: to === adminA ? '张管理' : '李采购' },
      },
    };
    return { mutation, to, version: sheet.version };
  }

  const firstPull = (session: SyncSession) =>
    until(
      async () => (await session.status()).companies.every((c) => c.lastSyncedAt !== null),
      'the leader’s first pull',
    );

  it('runs exactly one engine and one live client among the tabs', async () => {
    const { tabs, sockets } = await openTabs(h, 2, sessions);
    // A few heartbeats: the follower must not take over from a live leader.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(tabs.filter((tab) => tab.session.isLeader())).toHaveLength(1);
    expect(sockets.opened).toHaveLength(1);
  });

  it("carries a follower's enqueue to the leader, to the server, and the status back", async () => {
    const { tabs } = await openTabs(h, 2, sessions);
    const { follower } = roles(tabs);
    await firstPull(follower.session);
    // The follower shows the leader's status as it changes (broadcast over the channel).
    const pendingSeen: number[] = [];
    follower.session.onStatus((status) => pendingSeen.push(status.pending));
    const change = await changeOwner();
    const id = await follower.session.enqueue(h.fx.companies.buyerA, change.mutation);
    expect(typeof id).toBe('string');
    await until(
      async () => (await serverSheet(h, h.fx.sheets.draftA.id)).ownerContactId === change.to,
      'the change on the server',
    );
    expect(await storedAnswers(h, id)).toBe(1);
    await until(() => pendingSeen.at(-1) === 0 && pendingSeen.includes(1), 'the follower’s status');
  });

  it('writes a follower’s enqueue once when the leader dies before answering and it goes again', async () => {
    const { userId, tabs } = await openTabs(h, 2, sessions);
    const { leader, follower } = roles(tabs);
    await firstPull(follower.session);
    // The leader writes the entry and dies before its answer leaves; it never sends it either.
    leader.net.mutationsOffline = true;
    leader.channel.drop = (message) => isRecord(message) && message.kind === 'reply';
    // Nor does the follower, once it leads, until the entries have been counted.
    follower.net.mutationsOffline = true;
    const change = await changeOwner();
    const answer = follower.session.enqueue(h.fx.companies.buyerA, change.mutation);
    const inspector = await openInspector(userId);
    try {
      await until(async () => (await inspector.outbox.count()) === 1, 'the leader’s write');
      const [written] = await inspector.outbox.toArray();
      await leader.session.stop();
      // The follower now leads, and its pending command runs again there.
      const id = await answer;
      expect(follower.session.isLeader()).toBe(true);
      expect(id).toBe(written?.id);
      // Not written again: a second write would replace the entry under a new sequence, with
      // the optimistic row as its rollback row.
      const entries = await inspector.outbox.toArray();
      expect(entries.map((entry) => [entry.id, entry.seq])).toEqual([[id, written?.seq]]);
      follower.net.mutationsOffline = false;
      await until(async () => (await follower.session.status()).pending === 0, 'the answer');
      expect((await serverSheet(h, h.fx.sheets.draftA.id)).ownerContactId).toBe(change.to);
      expect(await storedAnswers(h, id)).toBe(1);
      const reached = [...leader.net.mutations(), ...follower.net.mutations()].filter(
        (call) => call.status !== 'network',
      );
      expect(reached).toHaveLength(1);
    } finally {
      inspector.close();
    }
  });

  it('writes a follower’s enqueue in its own tab when no leader answers, and the next leader sends it', async () => {
    const { userId, tabs } = await openTabs(h, 2, sessions, { routerTimeoutMs: 300 });
    const { leader, follower } = roles(tabs);
    await firstPull(follower.session);
    // The leader hears no commands (as if frozen) and could not send anyway.
    leader.channel.deaf = (message) => isRecord(message) && message.kind === 'command';
    leader.net.mutationsOffline = true;
    const change = await changeOwner();
    const id = await follower.session.enqueue(h.fx.companies.buyerA, change.mutation);
    const inspector = await openInspector(userId);
    try {
      expect((await inspector.outbox.toArray()).map((entry) => entry.id)).toEqual([id]);
      await leader.session.stop();
      await until(async () => (await follower.session.status()).pending === 0, 'the answer');
      expect((await serverSheet(h, h.fx.sheets.draftA.id)).ownerContactId).toBe(change.to);
      expect(await storedAnswers(h, id)).toBe(1);
    } finally {
      inspector.close();
    }
  });

  it('takes a follower’s new sign-in to the leader, which resumes after a 401', async () => {
    const { tabs } = await openTabs(h, 2, sessions, { token: async () => 'expired' });
    const { leader, follower } = roles(tabs);
    await until(async () => (await leader.session.status()).pausedForAuth, 'the 401 pause');
    // Only the follower's app signs in again; the leader's never calls setToken.
    follower.session.setToken(await h.token());
    await until(async () => {
      const status = await leader.session.status();
      return !status.pausedForAuth && status.companies.every((c) => c.lastSyncedAt !== null);
    }, 'the leader to pull with the follower’s token');
  });

  it('hands the engine over when the leader closes', async () => {
    const { tabs, sockets } = await openTabs(h, 2, sessions);
    const { leader, follower } = roles(tabs);
    await leader.session.stop();
    await until(() => follower.session.isLeader(), 'the follower to lead');
    expect(sockets.opened).toHaveLength(2);
    const status = await follower.session.status();
    expect(status.companies.map((c) => c.companyId)).toEqual([h.fx.companies.buyerA]);
  });
});
