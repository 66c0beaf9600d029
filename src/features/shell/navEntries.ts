// The navigation menu as data (settings-messaging-shared §2 "Shell": entries shown by permission
// codes, company settings and staff for administrators only): which entries a user sees and
// which one the current address belongs to. Pure, so the rules are unit-tested apart from React.
import { PERMISSION_CODES } from '../../domain/account/permissionCodes';
import type { PermissionKey } from '../../domain/account/permissions';
import type { SheetListType } from '../../domain/purchase/listTypes';
import { DASHBOARD_MODULES } from '../../domain/routes';

/**
 * The permission code that gates each entry (the domain's codes, docs/decisions.md "Navigation
 * menu"). An entry without a code is always shown.
 */
export const NAV_PERMISSION_CODES = {
  purchase: PERMISSION_CODES.INQUIRY_QUOTATION,
  orders: PERMISSION_CODES.ORDER,
  todos: PERMISSION_CODES.TODO,
} as const;

export type NavKey = 'dashboard' | 'purchase' | 'orders' | 'todos' | 'companySettings' | 'staff';

interface NavEntryBase {
  key: NavKey;
  label: string;
  /** Path prefixes (besides `to`) whose pages belong to this section. */
  sections: readonly string[];
}

export type NavEntry = NavEntryBase &
  (
    | { to: '/inquiry-quotation/list'; search: { sheetType: SheetListType } }
    | { to: '/order/order/list'; search: { orderType: 'ALL' } }
    | {
        to:
          | '/dashboard'
          | '/message/waiting/list'
          | '/user/company-setting'
          | '/user/personnel-list';
      }
  );

export interface NavViewer {
  isAdmin: boolean;
  can(keys: readonly PermissionKey[]): boolean;
}

/** The user's entries in menu order; `landing` is the sheet type GET /index chose. */
export function navEntries(viewer: NavViewer, landing: SheetListType): NavEntry[] {
  const all: (NavEntry & { code?: string; anyOf?: readonly string[]; admin?: true })[] = [
    // 工作台 (issue 22): its sections are the three modules', so any one of them shows it (and
    // makes it the landing page, domain/routes.ts).
    {
      key: 'dashboard',
      label: '工作台',
      to: '/dashboard',
      sections: [],
      anyOf: DASHBOARD_MODULES,
    },
    {
      key: 'purchase',
      label: '询价采购',
      to: '/inquiry-quotation/list',
      search: { sheetType: landing },
      sections: ['/inquiry-quotation'],
      code: NAV_PERMISSION_CODES.purchase,
    },
    {
      key: 'orders',
      label: '订单',
      to: '/order/order/list',
      search: { orderType: 'ALL' },
      sections: ['/order'],
      code: NAV_PERMISSION_CODES.orders,
    },
    {
      key: 'todos',
      label: '待办',
      to: '/message/waiting/list',
      sections: ['/message'],
      code: NAV_PERMISSION_CODES.todos,
    },
    {
      key: 'companySettings',
      label: '公司设置',
      to: '/user/company-setting',
      sections: [],
      admin: true,
    },
    { key: 'staff', label: '员工管理', to: '/user/personnel-list', sections: [], admin: true },
  ];
  return all
    .filter((entry) => (entry.admin ? viewer.isAdmin : true))
    .filter((entry) => entry.code === undefined || viewer.can([entry.code]))
    .filter((entry) => entry.anyOf === undefined || viewer.can(entry.anyOf))
    .map(({ code: _code, anyOf: _anyOf, admin: _admin, ...entry }) => entry);
}

function within(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The entry the address belongs to: its own page or a page under its section (a sheet or an
 * order opened from the purchase list marks 询价采购, an order detail 订单); null for the others.
 */
export function activeNavKey(entries: readonly NavEntry[], pathname: string): NavKey | null {
  const found = entries.find((entry) =>
    [entry.to, ...entry.sections].some((prefix) => within(pathname, prefix)),
  );
  return found?.key ?? null;
}
