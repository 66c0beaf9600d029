// The current user, their companies and the personnel list (settings-messaging-shared §3, §7;
// purchasing-core §5 "Owner change").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { drivers } from '../../support/databases';
import { type Harness, startHarness } from '../purchasing/ordersHarness';

describe.each(drivers)('user routes on %s', (driver) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness(driver);
  });
  afterAll(async () => h.close());

  const me = (account: 'buyer' | 'nocompany' | 'bob' | null, company?: number | null) =>
    h.call(account, { method: 'GET', url: '/api/v7/user', company: company ?? null });

  it('describes a user of two companies: contacts, memberships with admin flag, permissions', async () => {
    const res = await me('buyer');
    expect(res.statusCode).toBe(200);
    const { world } = h;
    const data = res.json().data;
    expect(data).toMatchObject({
      id: world.accounts.buyer,
      name: '王小明',
      avatar: '/avatars/buyer.png',
      mobile: '13800000001',
      timezone: 'Asia/Shanghai',
      no_company_message: null,
    });
    expect(data.contacts).toEqual([
      { id: world.contacts.buyerA, company_id: world.companies.a, name: '王小明' },
      { id: world.contacts.buyerA2, company_id: world.companies.a2, name: '王小明(南方)' },
    ]);
    expect(data.companies).toEqual([
      expect.objectContaining({
        id: world.companies.a,
        name: '华东机电设备有限公司',
        admin: false,
        company: {
          id: world.companies.a,
          name: '华东机电设备有限公司',
          short_name: '华东机电',
          vip: true,
        },
      }),
      expect.objectContaining({
        id: world.companies.a2,
        admin: true,
        company: {
          id: world.companies.a2,
          name: '南方自动化科技有限公司',
          short_name: '南方自动化',
          vip: false,
        },
      }),
    ]);
    // Without currentCompanyId the first company's permissions are the session's.
    expect(data.permissions.map((p: { id: string }) => p.id)).toEqual([
      'PURCHASE_LIST',
      'ORDER_LIST',
    ]);
    expect(Object.keys(data.permissionsById)).toEqual(['PURCHASE_LIST', 'ORDER_LIST']);
  });

  it('answers the permissions of the current company when one is named', async () => {
    const res = await me('buyer', h.world.companies.a2);
    expect(res.json().data.permissions).toEqual([{ id: 'ORDER_LIST', code: 'ORDER_LIST' }]);
    expect(res.json().data.current_company_id).toBe(h.world.companies.a2);
  });

  it('answers a user bound to no company with no companies and the spec’s message', async () => {
    const res = await me('nocompany');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: '无公司',
      contacts: [],
      companies: [],
      permissions: [],
      no_company_message: COMMON_MESSAGES.NO_COMPANY_BOUND,
    });
  });

  it('needs a token but no company', async () => {
    expect((await me(null)).statusCode).toBe(401);
    expect((await me(null)).json().error_message).toBe('身份信息已过期，请重新刷新页面或重新登录');
  });

  it('lists my companies only for my own account id', async () => {
    const mine = await h.call('buyer', {
      method: 'GET',
      url: `/partners-api/v7/users/${h.world.accounts.buyer}/my_companies`,
      company: null,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.items.map((c: { id: number }) => c.id)).toEqual([
      h.world.companies.a,
      h.world.companies.a2,
    ]);
    expect(mine.json().data.total).toBe(2);
    const theirs = await h.call('buyer', {
      method: 'GET',
      url: `/partners-api/v7/users/${h.world.accounts.bob}/my_companies`,
      company: null,
    });
    expect(theirs.statusCode).toBe(403);
    const none = await h.call('nocompany', {
      method: 'GET',
      url: `/partners-api/v7/users/${h.world.accounts.nocompany}/my_companies`,
      company: null,
    });
    expect(none.json().data).toEqual({ items: [], total: 0 });
  });

  describe('personnel list', () => {
    const personnel = (query: Record<string, string | string[]>, companyId = h.world.companies.a) =>
      h.call('buyer', {
        method: 'GET',
        url: `/partners-api/v7/companies/${companyId}/personnel`,
        query,
      });

    it('lists in-service staff of the current company as partner_contacts', async () => {
      const res = await personnel({ status: 'IN_SERVICE' });
      expect(res.statusCode).toBe(200);
      const items = res.json().data.items as Array<{
        id: number;
        status: string;
        partner_contacts: { id: number; name: string };
      }>;
      expect(items.map((i) => i.id).sort()).toEqual(
        [h.world.contacts.buyerA, h.world.contacts.colleagueA, h.world.contacts.plainA].sort(),
      );
      expect(items.every((i) => i.status === 'IN_SERVICE')).toBe(true);
      expect(items.find((i) => i.id === h.world.contacts.colleagueA)?.partner_contacts).toEqual({
        id: h.world.contacts.colleagueA,
        name: '李静',
      });
    });

    it('filters by a list of statuses (repeated or comma-separated) and by name', async () => {
      const both = await personnel({ status: ['IN_SERVICE', 'DEPART'] });
      expect(both.json().data.total).toBe(4);
      const comma = await personnel({ status: 'IN_SERVICE,DEPART' });
      expect(comma.json().data.total).toBe(4);
      const departed = await personnel({ status: 'DEPART' });
      expect(departed.json().data.items.map((i: { id: number }) => i.id)).toEqual([
        h.world.contacts.leaverA,
      ]);
      const byName = await personnel({ status: 'IN_SERVICE', name: '李' });
      expect(byName.json().data.items.map((i: { name: string }) => i.name)).toEqual(['李静']);
    });

    it('refuses another company in the path with 403, and bad statuses with 400', async () => {
      const foreign = await personnel({ status: 'IN_SERVICE' }, h.world.companies.b);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().error_message).toBe('你暂无该权限，请先获取权限');
      // A company of the user, but not the current one: still refused.
      const other = await personnel({}, h.world.companies.a2);
      expect(other.statusCode).toBe(403);
      const bad = await personnel({ status: 'RETIRED' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error_message).toMatch(/^请求参数有误：status/);
    });
  });
});
