// The route table (settings-messaging-shared §2 "Route table" and "Guard", purchasing-core §2.1)
// as data: who may open each path and where the redirects lead.

import { PERMISSION_CODES, type PermissionCode } from './account/permissionCodes';
import { trimEndWhile } from './format/text';

export const ROUTE_ACCESS_LEVELS = ['public', 'login', 'admin'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS_LEVELS)[number];

export interface RouteEntry {
  path: string;
  access: RouteAccess;
  redirect?: string;
  /**
   * The module code the company must hold (the menu entry's code): a page the menu hides is
   * refused the same way when its address is typed (settings-messaging-shared §2 "a no-permission
   * page shown for unauthorised routes").
   */
  module?: PermissionCode;
}

const { INQUIRY_QUOTATION, ORDER, TODO } = PERMISSION_CODES;

/** The no-permission page: its path is ours, the spec only says such a page exists. */
export const NO_PERMISSION_PATH = '/no-permission';
export const NO_PERMISSION_TEXT = '你没有权限查看该页面，请访问其他页面';

/** The 工作台 (issue 22 item 1): not in the spec's route table. */
export const DASHBOARD_PATH = '/dashboard';

/**
 * The modules the 工作台 summarises: a company holding any one of them shows its menu entry (the
 * menu's first) and lands on it.
 */
export const DASHBOARD_MODULES: readonly PermissionCode[] = [INQUIRY_QUOTATION, ORDER, TODO];

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', access: 'public', redirect: '/home' },
  { path: '/register', access: 'public' },
  { path: '/login', access: 'public' },
  { path: NO_PERMISSION_PATH, access: 'public' },
  { path: '/home', access: 'login', redirect: '/inquiry-quotation/list?sheetType=ALL' },
  { path: '/home/9001', access: 'login' },
  /** 工作台 (issue 22): not in the spec; its sections follow the modules' permissions. */
  { path: DASHBOARD_PATH, access: 'login' },
  { path: '/inquiry-quotation/list', access: 'login', module: INQUIRY_QUOTATION },
  { path: '/inquiry-quotation/detail', access: 'login', module: INQUIRY_QUOTATION },
  { path: '/inquiry-quotation/order-detail', access: 'login', module: INQUIRY_QUOTATION },
  {
    path: '/order',
    access: 'login',
    redirect: '/order/order/list?orderType=ALL',
    module: ORDER,
  },
  { path: '/order/order/list', access: 'login', module: ORDER },
  { path: '/order/order/detail', access: 'login', module: ORDER },
  { path: '/user/user-center', access: 'login' },
  { path: '/user/company-setting', access: 'admin' },
  { path: '/user/personnel-list', access: 'admin' },
  { path: '/message/waiting/list', access: 'login', module: TODO },
];

/** The path alone: no query, no hash, no trailing slash (except the root). */
function normalise(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.length > 1 ? trimEndWhile(bare, (c) => c === '/') : bare;
  return trimmed === '' ? '/' : trimmed;
}

/**
 * The entry of a path: the exact one, else the nearest listed ancestor (every /home/… route
 * needs login like /home). The root is nobody's ancestor, so an unknown top-level path has none.
 */
export function findRoute(path: string): RouteEntry | null {
  const p = normalise(path);
  const exact = ROUTES.find((r) => r.path === p);
  if (exact) return exact;
  const ancestors = ROUTES.filter((r) => r.path !== '/' && p.startsWith(`${r.path}/`));
  return ancestors.sort((a, b) => b.path.length - a.path.length)[0] ?? null;
}

/** Unknown paths need login: a visitor learns nothing about what exists. */
export function routeAccess(path: string): RouteAccess {
  return findRoute(path)?.access ?? 'login';
}

/** Where an exact redirect route sends the user; null when the path is a page of its own. */
export function routeRedirect(path: string): string | null {
  const p = normalise(path);
  return ROUTES.find((r) => r.path === p)?.redirect ?? null;
}

/**
 * Whether /home leads to the 工作台 (issue 22 item 1, "the landing page when the menu's first
 * entry allows it"): when the company holds one of its modules. Otherwise /home leads where the
 * spec's route table says, the purchase list, whose guard then speaks to a user without it.
 */
export function landsOnDashboard(holds: (code: PermissionCode) => boolean): boolean {
  return DASHBOARD_MODULES.some(holds);
}

export interface Viewer {
  signedIn: boolean;
  isAdmin: boolean;
  /** Whether the current company holds a module code; absent means every code is held. */
  holds?: (code: PermissionCode) => boolean;
}

function holdsModule(path: string, viewer: Viewer): boolean {
  const module = findRoute(path)?.module;
  return module === undefined || viewer.holds === undefined || viewer.holds(module);
}

export function canOpenRoute(path: string, viewer: Viewer): boolean {
  switch (routeAccess(path)) {
    case 'public':
      return true;
    case 'login':
      return viewer.signedIn && holdsModule(path, viewer);
    case 'admin':
      return viewer.signedIn && viewer.isAdmin;
  }
}

/** What the guard does: open the page, send a visitor to the identity provider, or refuse. */
export function guardDecision(path: string, viewer: Viewer): 'open' | 'login' | 'no-permission' {
  if (canOpenRoute(path, viewer)) return 'open';
  return viewer.signedIn ? 'no-permission' : 'login';
}
