// The buyer's order changes (purchasing-core §2.4, §6, §7.1): cancel request, expected arrival
// date and owner change, with their rules, If-Match, Idempotency-Key replays and the sync feed.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, sheets } from '../../../server/db/schema/index';
import { dateInZone } from '../../../server/purchasing/orderService';
import { loadOrderRows } from '../../../server/sync/projections/orders';
import { drivers } from '../../support/databases';
import { storedFeedRow } from '../../support/storedFeed';
import { type Harness, insertSheet, startHarness } from './ordersHarness';

describe.each(drivers)('order actions on %s', (driver) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(driver);
  });
  afterAll(async () => h.close());

  const orderRow = async (id: number) => {
    const [row] = await h.db.database.db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new Error('no order');
    return row;
  };
  const cancel = (id: number, body: Record<string, unknown> = { action: 'cancel' }, key?: string) =>
    h.call('buyer', {
      method: 'POST',
      url: `/orders-api/v7/orders/${id}/actions`,
      payload: body,
      headers: key ? { 'idempotency-key': key } : {},
    });
  const forecast = (id: number, date: unknown) =>
    h.call('buyer', {
      method: 'PATCH',
      url: `/orders-api/v7/orders/${id}/forecast_receive_date`,
      payload: { forecast_receive_date: date },
    });
  const follower = (id: number, followerId: unknown, headers: Record<string, string> = {}) =>
    h.call('buyer', {
      method: 'PUT',
      url: `/orders-api/v7/orders/${id}/follower`,
      payload: { follower_id: followerId },
      headers,
    });

  describe('cancel', () => {
    it.each([10, 20])(
      'asks to cancel an order at %i: −10, base state unchanged, reason logged',
      async (state) => {
        const id = await h.insertOrder({ state });
        const res = await cancel(id, { action: 'cancel', reason: ' 重复下单 ' });
        expect(res.statusCode).toBe(200);
        expect(res.json().data).toMatchObject({ id, state: -10, order_base_state: null });
        const row = await orderRow(id);
        expect(row.state).toBe(-10);
        expect(row.baseState).toBeNull();
        expect(row.stateLog.at(-1)).toMatchObject({ state: -10, by: '王小明', reason: '重复下单' });
      },
    );

    it.each([30, 40, 75, 90])(
      'refuses to cancel an order at %i with the state named',
      async (state) => {
        const id = await h.insertOrder({ state });
        const res = await cancel(id);
        expect(res.statusCode).toBe(422);
        expect(res.json().error_message).toMatch(
          /^订单当前状态为「.+」，只有合同已签订或合同已执行的订单可以申请取消$/,
        );
        expect((await orderRow(id)).state).toBe(state);
      },
    );

    it('refuses a second request and a cancelled order', async () => {
      const requested = await h.insertOrder({ state: -10 });
      const cancelled = await h.insertOrder({ state: 10, baseState: 'CANCELLED' });
      for (const id of [requested, cancelled]) {
        const res = await cancel(id);
        expect(res.statusCode).toBe(422);
        expect(res.json().error_message).toBe('订单已取消或正在申请取消');
      }
    });

    it('refuses unknown actions and another company’s order', async () => {
      const id = await h.insertOrder({ state: 10 });
      const bad = await cancel(id, { action: 'restore' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error_message).toBe('请求参数有误：action');
      const long = await cancel(id, { action: 'cancel', reason: 'x'.repeat(501) });
      expect(long.statusCode).toBe(400);
      const foreign = await h.insertOrder({ state: 10, companyId: h.world.companies.b });
      expect((await cancel(foreign)).statusCode).toBe(404);
      expect((await orderRow(foreign)).state).toBe(10);
    });

    it('replays a retried cancel with the first answer', async () => {
      const id = await h.insertOrder({ state: 10 });
      const first = await cancel(id, { action: 'cancel' }, 'cancel-once');
      const second = await cancel(id, { action: 'cancel' }, 'cancel-once');
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect((await orderRow(id)).stateLog).toHaveLength(1);
    });

    it('mirrors the request onto the order’s purchase sheet', async () => {
      const sheetId = await insertSheet(h, { name: 'XJ-MIRROR-1', state: 'CONTRACT_SIGNED' });
      const id = await h.insertOrder({ state: 10, sheetId });
      await h.db.database.db.update(sheets).set({ orderId: id }).where(eq(sheets.id, sheetId));
      const since = await maxVersion();
      expect((await cancel(id)).statusCode).toBe(200);
      const [sheet] = await h.db.database.db.select().from(sheets).where(eq(sheets.id, sheetId));
      expect(sheet?.state).toBe('CANCEL_REQUESTED');
      const feed = await h.feed(h.world.companies.a, since);
      expect(feed.map((c) => c.tableName).sort()).toEqual(['orders', 'sheets']);
    });
  });

  describe('cancel of a sheet that became an order', () => {
    const cancelSheet = (sheetId: number) =>
      h.call('buyer', {
        method: 'PUT',
        url: `/inquiry-api/v7/inquiry_quotation/${sheetId}/cancel`,
        payload: { data: { reason: '不要了' } },
      });
    const sheetState = async (sheetId: number) => {
      const [sheet] = await h.db.database.db.select().from(sheets).where(eq(sheets.id, sheetId));
      return sheet?.state;
    };

    it.each([
      ['the sheet names the order', 'CONTRACT_SIGNED', 10, true],
      ['only the order names the sheet', 'ORDER_PLACED', 30, false],
    ] as const)(
      'is refused when %s: the sheet and the order stay as they were',
      async (_, state, orderState, named) => {
        const sheetId = await insertSheet(h, { name: `XJ-ORDERED-${orderState}`, state });
        const id = await h.insertOrder({ state: orderState, sheetId });
        if (named) {
          await h.db.database.db.update(sheets).set({ orderId: id }).where(eq(sheets.id, sheetId));
        }
        const since = await maxVersion();
        const res = await cancelSheet(sheetId);
        expect(res.statusCode).toBe(422);
        expect(res.json().error_message).toBe(
          '该采购单已生成订单，不能取消采购单，请在订单中申请取消',
        );
        expect(await sheetState(sheetId)).toBe(state);
        expect((await orderRow(id)).state).toBe(orderState);
        expect(await h.feed(h.world.companies.a, since)).toEqual([]);
      },
    );

    it('still cancels a sheet without an order', async () => {
      const sheetId = await insertSheet(h, { name: 'XJ-UNORDERED-1', state: 'QUOTATION_SENT' });
      expect((await cancelSheet(sheetId)).statusCode).toBe(200);
      expect(await sheetState(sheetId)).toBe('CANCELLED');
    });
  });

  const maxVersion = async () => {
    const changes = await h.feed(h.world.companies.a);
    return changes.at(-1)?.version ?? 0;
  };

  describe('expected arrival date', () => {
    it('sets a future date and answers the row', async () => {
      const id = await h.insertOrder({ state: 40 });
      const date = dateInZone(Date.now(), 'Asia/Shanghai', 10);
      const res = await forecast(id, date);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.forecast_receive_date).toBe(date);
      expect((await orderRow(id)).forecastReceiveDate).toBe(date);
    });

    it('accepts today in the company’s timezone and refuses yesterday', async () => {
      const id = await h.insertOrder({ state: 40 });
      const today = dateInZone(Date.now(), 'Asia/Shanghai');
      expect((await forecast(id, today)).statusCode).toBe(200);
      const res = await forecast(id, dateInZone(Date.now(), 'Asia/Shanghai', -1));
      expect(res.statusCode).toBe(422);
      expect(res.json().error_message).toBe('预计到货日期不能早于今天');
      expect((await orderRow(id)).forecastReceiveDate).toBe(today);
    });

    it.each([
      ['not a date', 'next week', 400, '请求参数有误：forecast_receive_date'],
      ['a date-time', '2030-01-01T00:00:00Z', 400, '请求参数有误：forecast_receive_date'],
      ['a number', 20300101, 400, '请求参数有误：forecast_receive_date'],
      ['an impossible day', '2030-02-30', 422, '预计到货日期格式有误'],
    ])('refuses %s', async (_case, value, status, message) => {
      const id = await h.insertOrder({ state: 40 });
      const res = await forecast(id, value);
      expect(res.statusCode).toBe(status);
      expect(res.json().error_message).toBe(message);
    });

    it.each([
      ['signed', { state: 90 }],
      ['cancel requested', { state: -10 }],
      ['cancelled', { state: 20, baseState: 'CANCELLED' }],
    ])('refuses a %s order', async (_case, values) => {
      const id = await h.insertOrder(values);
      const res = await forecast(id, '2099-01-01');
      expect(res.statusCode).toBe(422);
      expect(res.json().error_message).toBe('订单已签收或已取消，不能修改预计到货日期');
    });
  });

  describe('owner change', () => {
    it('hands the order to an in-service colleague and records it in the feed', async () => {
      const id = await h.insertOrder({ state: 30 });
      const since = await maxVersion();
      const res = await follower(id, h.world.contacts.colleagueA);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.current_order_node.contacts_user).toEqual({
        id: h.world.contacts.colleagueA,
        name: '李静',
      });
      const row = await orderRow(id);
      expect(row.ownerContactId).toBe(h.world.contacts.colleagueA);
      expect(data.version).toBe(row.version);
      const feedA = await h.feed(h.world.companies.a, since);
      expect(feedA).toHaveLength(1);
      expect(feedA[0]).toMatchObject({
        tableName: 'orders',
        rowId: String(id),
        op: 'upsert',
        row: expect.objectContaining({ version: row.version }),
      });
      // Its feed version is handed out when the change is recorded, after the row's own.
      expect(feedA[0]?.version).toBeGreaterThan(row.version);
      expect(await h.feed(h.world.companies.b, since)).toHaveLength(0);
      expect(await h.feed(h.world.companies.a2, since)).toHaveLength(0);
    });

    it('serves the change through the sync feed endpoint to the company only', async () => {
      const id = await h.insertOrder({ state: 20 });
      const since = await maxVersion();
      expect((await follower(id, h.world.contacts.colleagueA)).statusCode).toBe(200);
      const mine = await h.call('buyer', {
        method: 'GET',
        url: '/sync-api/v1/changes',
        query: { cursor: String(since) },
      });
      const rows = mine.json().data.changes as Array<{
        table: string;
        id: string;
        row: { id: number };
      }>;
      expect(rows.map((c) => [c.table, c.id])).toEqual([['orders', String(id)]]);
      const theirs = await h.call('bob', {
        method: 'GET',
        url: '/sync-api/v1/changes',
        query: { cursor: String(since) },
        company: h.world.companies.b,
      });
      expect(theirs.json().data.changes).toEqual([]);
    });

    it.each([
      ['departed', 'leaverA'],
      ['foreign', 'bobB'],
      ['supplier', 'salesS'],
    ] as const)('refuses a %s contact', async (_case, contact) => {
      const id = await h.insertOrder({ state: 30 });
      const res = await follower(id, h.world.contacts[contact]);
      expect(res.statusCode).toBe(422);
      expect(res.json().error_message).toBe('负责人只能选择本公司在职员工');
      expect((await orderRow(id)).ownerContactId).toBe(h.world.contacts.buyerA);
    });

    it('refuses an unknown contact and the present owner', async () => {
      const id = await h.insertOrder({ state: 30 });
      expect((await follower(id, 987_654_321)).json().error_message).toBe(
        '负责人只能选择本公司在职员工',
      );
      const same = await follower(id, h.world.contacts.buyerA);
      expect(same.statusCode).toBe(422);
      expect(same.json().error_message).toBe('该员工已是当前负责人');
    });

    it('refuses a signed order (90)', async () => {
      const id = await h.insertOrder({ state: 90 });
      const res = await follower(id, h.world.contacts.colleagueA);
      expect(res.statusCode).toBe(422);
      expect(res.json().error_message).toBe('订单已签收，不能变更负责人');
    });

    it('answers 409 with the current row for a stale If-Match, and applies a fresh one', async () => {
      const id = await h.insertOrder({ state: 30 });
      const current = await orderRow(id);
      const stale = await follower(id, h.world.contacts.colleagueA, {
        'if-match': String(current.version - 1),
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({
        error_code: 'VERSION_CONFLICT',
        error_message: '数据已被他人修改，请确认后重试',
        data: {
          id,
          version: current.version,
          current_order_node: { contacts_user: { id: h.world.contacts.buyerA } },
        },
      });
      expect((await orderRow(id)).ownerContactId).toBe(h.world.contacts.buyerA);
      const fresh = await follower(id, h.world.contacts.colleagueA, {
        'if-match': `"${current.version}"`,
      });
      expect(fresh.statusCode).toBe(200);
      const malformed = await follower(id, h.world.contacts.buyerA, { 'if-match': 'yesterday' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error_message).toBe('请求参数有误：If-Match');
    });

    it('answers and records an owner change as the whole projection would (the stored row patched)', async () => {
      const { db } = h.db.database;
      const id = await h.insertOrder({ state: 40 });
      const a = h.world.companies.a;
      // The first change projects the order in full (the feed holds none yet) and stores it.
      expect(await storedFeedRow(db, 'orders', a, id)).toBeNull();
      expect((await follower(id, h.world.contacts.colleagueA)).statusCode).toBe(200);
      for (const to of [h.world.contacts.buyerA, h.world.contacts.colleagueA]) {
        expect(await storedFeedRow(db, 'orders', a, id)).not.toBeNull();
        const changed = await follower(id, to);
        expect(changed.statusCode).toBe(200);
        const projected = (await loadOrderRows(db, [id])).get(id);
        expect(projected?.current_order_node.contacts_user?.id).toBe(to);
        expect(changed.json().data).toEqual(projected);
        expect(await storedFeedRow(db, 'orders', a, id)).toEqual(projected);
      }
    });

    it('applies a replayed owner change once', async () => {
      const id = await h.insertOrder({ state: 30 });
      const headers = { 'idempotency-key': `owner-${id}` };
      const first = await follower(id, h.world.contacts.colleagueA, headers);
      const versionAfter = (await orderRow(id)).version;
      const again = await follower(id, h.world.contacts.colleagueA, headers);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect((await orderRow(id)).version).toBe(versionAfter);
    });

    it('refuses bad bodies and another company’s order', async () => {
      const id = await h.insertOrder({ state: 30 });
      for (const value of ['abc', -1, 1.5, null]) {
        const res = await follower(id, value);
        expect(res.statusCode).toBe(400);
        expect(res.json().error_message).toBe('请求参数有误：follower_id');
      }
      const foreign = await h.insertOrder({ state: 30, companyId: h.world.companies.b });
      expect((await follower(foreign, h.world.contacts.colleagueA)).statusCode).toBe(404);
    });

    // Owner changes of sheets and orders run side by side (server/sync/write.ts `rowLocked`):
    // they lock the row they change instead of holding the one write lock.
    describe('side by side', () => {
      const sheetFollower = (id: number, key: string) =>
        h.call('buyer', {
          method: 'PUT',
          url: `/inquiry-api/v7/inquiry_quotation/${id}/follower`,
          payload: { follower_id: h.world.contacts.colleagueA },
          headers: { 'idempotency-key': key },
        });

      it('records every change in the feed in commit order: a reader paging meanwhile misses none', async () => {
        // Eight rounds of 16 changes at once, each with a device paging the feed while they commit.
        for (let round = 0; round < 8; round++) {
          const since = await maxVersion();
          const orderIds = await Promise.all(
            Array.from({ length: 12 }, () => h.insertOrder({ state: 30 })),
          );
          const sheetIds = await Promise.all(
            Array.from({ length: 4 }, (_, i) =>
              insertSheet(h, { name: `XJ-SIDE-${since}-${i}`, state: 'INQUIRY_REPLIED' }),
            ),
          );
          // Its cursor only moves forward, as a device's does.
          const seen = new Set<string>();
          let cursor = since;
          let writing = true;
          const read = async () => {
            for (const entry of await h.feed(h.world.companies.a, cursor)) {
              seen.add(`${entry.tableName}/${entry.rowId}`);
              cursor = Math.max(cursor, entry.version);
            }
          };
          const reader = (async () => {
            while (writing) {
              await read();
              await new Promise((resolve) => setTimeout(resolve, 1));
            }
          })();
          const answers = await Promise.all([
            ...orderIds.map((id) =>
              follower(id, h.world.contacts.colleagueA, { 'idempotency-key': `side-${id}` }),
            ),
            ...sheetIds.map((id) => sheetFollower(id, `side-sheet-${id}`)),
          ]);
          writing = false;
          await reader;
          await read();
          expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
          expect([...seen].sort()).toEqual(
            [
              ...orderIds.map((id) => `orders/${id}`),
              ...sheetIds.map((id) => `sheets/${id}`),
            ].sort(),
          );
        }
      });

      it('answers one request sent twice at once once: the second waits and replays the first', async () => {
        const id = await h.insertOrder({ state: 30 });
        const since = await maxVersion();
        const { version } = await orderRow(id);
        const headers = { 'idempotency-key': `twice-${id}`, 'if-match': `"${version}"` };
        const [first, second] = await Promise.all([
          follower(id, h.world.contacts.colleagueA, headers),
          follower(id, h.world.contacts.colleagueA, headers),
        ]);
        expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
        expect(second?.json()).toEqual(first?.json());
        expect([first, second].filter((r) => r?.headers['idempotent-replayed'])).toHaveLength(1);
        // Applied once: one new version, one feed entry.
        expect(await h.feed(h.world.companies.a, since)).toHaveLength(1);
      });

      it('lets one of two changes from the same version through and answers the other 409', async () => {
        const id = await h.insertOrder({ state: 30 });
        const { version } = await orderRow(id);
        const [a, b] = await Promise.all(
          ['a', 'b'].map((k) =>
            follower(id, h.world.contacts.colleagueA, {
              'idempotency-key': `race-${id}-${k}`,
              'if-match': `"${version}"`,
            }),
          ),
        );
        expect([a?.statusCode, b?.statusCode].sort()).toEqual([200, 409]);
      });
    });
  });
});
