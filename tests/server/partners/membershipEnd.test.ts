// The end of a membership (security review M5, L3): a handover, delete or unbinding closes the
// account's sockets within seconds (4410 NOT_A_MEMBER), the feed and the API answer that company
// 403 NOT_A_MEMBER while the account's other companies go on, and file content is never kept in
// the browser's HTTP cache.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accounts, contacts } from '../../../server/db/schema/index';
import { CLOSE_NOT_A_MEMBER } from '../../../src/contract/live';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { MEMBERSHIP_MESSAGES } from '../../../src/domain/messages/session';
import { TOPICS } from '../../../src/domain/todos/topics';
import { testConfig } from '../../support/app';
import { drivers } from '../../support/databases';
import { LiveClient } from '../../support/live';
import { multipart } from '../../support/multipart';
import { accessTokenFor } from '../../support/tokens';
import { type Harness, startHarness } from '../purchasing/ordersHarness';

const notAMember = { error_code: 'NOT_A_MEMBER', error_message: COMMON_MESSAGES.NO_PERMISSION };
const revokedFrame = {
  type: 'error',
  error_code: 'NOT_A_MEMBER',
  error_message: MEMBERSHIP_MESSAGES.NOT_A_MEMBER,
};
let seq = 0;

describe.each(drivers)('the end of a membership on %s', (driver) => {
  let h: Harness;
  let wsUrl: string;
  const issuer = `${testConfig().publicUrl}/oidc`;
  const sockets: LiveClient[] = [];

  /** A new account working for company a (not an admin) and, with `alsoB`, for company b. */
  const member = async (alsoB = false) => {
    seq += 1;
    const db = h.db.database.db;
    const [account] = await db
      .insert(accounts)
      .values({ username: `member${seq}`, name: `成员${seq}`, passwordHash: 'not-used' })
      .returning({ id: accounts.id });
    if (!account) throw new Error('no account');
    const [contact] = await db
      .insert(contacts)
      .values({ companyId: h.world.companies.a, accountId: account.id, name: `成员${seq}` })
      .returning({ id: contacts.id });
    if (!contact) throw new Error('no contact');
    if (alsoB) {
      await db
        .insert(contacts)
        .values({ companyId: h.world.companies.b, accountId: account.id, name: `成员${seq}` });
    }
    return {
      accountId: account.id,
      contactId: contact.id,
      token: await accessTokenFor(h.db.database, issuer, account.id),
    };
  };
  const asAdmin = (path: string, payload: Record<string, unknown>) =>
    h.call('colleague', {
      method: 'PUT',
      url: `/partners-api/v7/companies/${h.world.companies.a}/employees${path}`,
      payload,
    });
  const handOver = (contactId: number) =>
    asAdmin(`/${contactId}/depart`, { handover_user_id: h.world.contacts.buyerA });
  /** A socket signed in as the account, holding its company a poke topic. */
  const socketOf = async (who: { accountId: number; token: string }) => {
    const client = await LiveClient.open(wsUrl);
    sockets.push(client);
    expect(await client.connect(who.token, who.accountId)).toEqual({ type: 'connected' });
    const topic = TOPICS.syncPoke(h.world.companies.a);
    expect(await client.subscribe(topic)).toEqual({ type: 'subscribed', topic });
    return client;
  };
  const feed = (token: string, companyId: number) =>
    h.app.inject({
      method: 'GET',
      url: `/sync-api/v1/changes?currentCompanyId=${companyId}`,
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    h = await startHarness(driver);
    const address = await h.app.listen({ port: 0, host: '127.0.0.1' });
    wsUrl = `${address.replace('http', 'ws')}/ws`;
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => h.close());

  it('closes the socket of a handed-over account within seconds, and no one else’s', async () => {
    const leaver = await member();
    const stays = await member();
    const leaving = await socketOf(leaver);
    const staying = await socketOf(stays);
    const started = Date.now();
    expect((await handOver(leaver.contactId)).statusCode).toBe(200);
    await expect(leaving.next((f) => f.type === 'error', 5000)).resolves.toEqual(revokedFrame);
    const closed = await leaving.closed;
    expect(closed).toEqual({ code: CLOSE_NOT_A_MEMBER, reason: 'NOT_A_MEMBER' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await staying.request({ type: 'ping' }, (f) => f.type === 'pong')).toEqual({
      type: 'pong',
    });
  });

  it('answers the feed and the API of the company left 403 NOT_A_MEMBER; the other goes on', async () => {
    const leaver = await member(true);
    expect((await feed(leaver.token, h.world.companies.a)).statusCode).toBe(200);
    expect((await handOver(leaver.contactId)).statusCode).toBe(200);
    const left = await feed(leaver.token, h.world.companies.a);
    expect(left.statusCode).toBe(403);
    expect(left.json()).toMatchObject(notAMember);
    const api = await h.app.inject({
      method: 'GET',
      url: `/inquiry-api/v7/inquiry_quotation?currentCompanyId=${h.world.companies.a}`,
      headers: { authorization: `Bearer ${leaver.token}` },
    });
    expect(api.statusCode).toBe(403);
    expect(api.json()).toMatchObject(notAMember);
    expect((await feed(leaver.token, h.world.companies.b)).statusCode).toBe(200);
  });

  it('closes the socket when the account is unbound from its employee', async () => {
    const unbound = await member();
    const socket = await socketOf(unbound);
    const res = await asAdmin(`/${unbound.contactId}`, {
      name: '成员解绑',
      mobile: `1371234${String(seq).padStart(4, '0')}`,
      login_user_id: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await socket.closed).code).toBe(CLOSE_NOT_A_MEMBER);
    expect((await feed(unbound.token, h.world.companies.a)).json()).toMatchObject(notAMember);
  });

  it('a rolled-back handover closes nothing', async () => {
    const leaver = await member();
    const socket = await socketOf(leaver);
    // The successor is the leaver: refused (422) inside the write, which rolls back.
    const res = await asAdmin(`/${leaver.contactId}/depart`, {
      handover_user_id: leaver.contactId,
    });
    expect(res.statusCode).toBe(422);
    expect(await socket.request({ type: 'ping' }, (f) => f.type === 'pong')).toEqual({
      type: 'pong',
    });
    expect(socket.frames.some((f) => f.error_code === 'NOT_A_MEMBER')).toBe(false);
  });

  it('serves file content as private, no-store (L3: never kept in the HTTP cache)', async () => {
    const body = multipart('图.txt', Buffer.from('内容'), 'text/plain');
    const up = await h.call('buyer', {
      method: 'POST',
      url: '/api/v7/files',
      query: { documentType: 'TODO_ATTACHMENT', entityId: '7' },
      headers: body.headers,
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const read = await h.call('buyer', {
      method: 'GET',
      url: '/api/v7/files/content',
      query: { path: up.json().data.object_name },
    });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
  });
});
