// The menu's rules apart from React: which entries a user sees (permission codes, administrators)
// and which entry an address belongs to, sub-routes included.
import { describe, expect, it } from 'vitest';
import { hasPermission } from '../../../src/domain/account/permissions';
import {
  activeNavKey,
  NAV_PERMISSION_CODES,
  type NavViewer,
  navEntries,
} from '../../../src/features/shell/navEntries';

function viewer(codes: readonly string[], isAdmin = false): NavViewer {
  const map = Object.fromEntries(codes.map((code) => [code, { id: code, code }]));
  return { isAdmin, can: (keys) => hasPermission(map, keys) };
}

const ALL_CODES = Object.values(NAV_PERMISSION_CODES);

describe('navEntries', () => {
  it('gives a clerk with every code 工作台 first, then the three sections, in menu order', () => {
    const entries = navEntries(viewer(ALL_CODES), 'ALL');
    expect(entries.map((entry) => entry.label)).toEqual(['工作台', '询价采购', '订单', '待办']);
    expect(entries.map((entry) => entry.to)).toEqual([
      '/dashboard',
      '/inquiry-quotation/list',
      '/order/order/list',
      '/message/waiting/list',
    ]);
  });

  it('adds company settings and staff for an administrator only', () => {
    const entries = navEntries(viewer(ALL_CODES, true), 'ALL');
    expect(entries.map((entry) => entry.label)).toEqual([
      '工作台',
      '询价采购',
      '订单',
      '待办',
      '公司设置',
      '员工管理',
    ]);
    expect(entries.slice(4).map((entry) => entry.to)).toEqual([
      '/user/company-setting',
      '/user/personnel-list',
    ]);
  });

  it('hides an entry whose code the company lacks, and shows the entries without a code', () => {
    const entries = navEntries(viewer([NAV_PERMISSION_CODES.todos], true), 'ALL');
    expect(entries.map((entry) => entry.key)).toEqual([
      'dashboard',
      'todos',
      'companySettings',
      'staff',
    ]);
    // 工作台 needs one of the three modules: without any, the menu is empty.
    expect(navEntries(viewer([]), 'ALL')).toEqual([]);
  });

  it('lands 询价采购 on the sheet type GET /index chose, 订单 on all orders', () => {
    const [, purchase, orders] = navEntries(viewer(ALL_CODES), 'REPLIED');
    expect(purchase).toMatchObject({ search: { sheetType: 'REPLIED' } });
    expect(orders).toMatchObject({ search: { orderType: 'ALL' } });
  });
});

describe('activeNavKey', () => {
  const entries = navEntries(viewer(ALL_CODES, true), 'ALL');

  it.each([
    ['/inquiry-quotation/list', 'purchase'],
    ['/inquiry-quotation/detail', 'purchase'],
    ['/inquiry-quotation/order-detail', 'purchase'],
    ['/order/order/list', 'orders'],
    ['/order/order/detail', 'orders'],
    ['/message/waiting/list', 'todos'],
    ['/dashboard', 'dashboard'],
    ['/user/company-setting', 'companySettings'],
    ['/user/personnel-list', 'staff'],
  ] as const)('%s belongs to %s', (path, key) => {
    expect(activeNavKey(entries, path)).toBe(key);
  });

  it.each(['/user/user-center', '/home', '/no/such/page', '/orders', '/inquiry-quotationx/list'])(
    '%s belongs to no entry',
    (path) => {
      expect(activeNavKey(entries, path)).toBeNull();
    },
  );

  it('marks nothing for a section the user cannot see', () => {
    const clerk = navEntries(viewer(ALL_CODES), 'ALL');
    expect(activeNavKey(clerk, '/user/personnel-list')).toBeNull();
  });
});
