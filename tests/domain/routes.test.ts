import { describe, expect, it } from 'vitest';
import {
  canOpenRoute,
  guardDecision,
  landsOnDashboard,
  NO_PERMISSION_TEXT,
  ROUTES,
  routeAccess,
  routeRedirect,
} from '../../src/domain/routes';

// One row per route of settings-messaging-shared §2 "Route table" and purchasing-core §2.1.
const table = [
  ['/', 'public'],
  ['/register', 'public'],
  ['/login', 'public'],
  ['/no-permission', 'public'],
  ['/home', 'login'],
  ['/home/9001', 'login'],
  ['/dashboard', 'login'],
  ['/inquiry-quotation/list', 'login'],
  ['/inquiry-quotation/detail', 'login'],
  ['/inquiry-quotation/order-detail', 'login'],
  ['/order', 'login'],
  ['/order/order/list', 'login'],
  ['/order/order/detail', 'login'],
  ['/user/user-center', 'login'],
  ['/user/company-setting', 'admin'],
  ['/user/personnel-list', 'admin'],
  ['/message/waiting/list', 'login'],
] as const;

describe('routeAccess', () => {
  it.each(table)('%s is %s', (path, access) => expect(routeAccess(path)).toBe(access));

  it('covers every route exactly once', () => {
    expect(table.map(([p]) => p).sort()).toEqual(ROUTES.map((r) => r.path).sort());
  });

  it.each([
    ['/order/order/detail?orderType=ALL&id=1&module=ORDER&module_number=X', 'login'],
    ['/user/company-setting/', 'admin'],
    ['/user/company-setting#logo', 'admin'],
    ['/home/9001/anything', 'login'],
    ['/home/other', 'login'],
    ['/register?from=mail', 'public'],
    ['/unknown', 'login'],
    ['/registered', 'login'],
    ['', 'public'],
  ] as const)('%s is %s', (path, access) => expect(routeAccess(path)).toBe(access));
});

describe('routeRedirect', () => {
  it.each([
    ['/', '/home'],
    ['/home', '/inquiry-quotation/list?sheetType=ALL'],
    ['/home/', '/inquiry-quotation/list?sheetType=ALL'],
    ['/order', '/order/order/list?orderType=ALL'],
    ['/home/9001', null],
    ['/order/order/list', null],
    ['/login', null],
  ])('%s → %s', (path, target) => expect(routeRedirect(path)).toBe(target));
});

describe('canOpenRoute and guardDecision', () => {
  const visitor = { signedIn: false, isAdmin: false };
  const member = { signedIn: true, isAdmin: false };
  const admin = { signedIn: true, isAdmin: true };
  it.each([
    ['/login', visitor, true, 'open'],
    ['/register', visitor, true, 'open'],
    ['/home', visitor, false, 'login'],
    ['/home', member, true, 'open'],
    ['/user/user-center', visitor, false, 'login'],
    ['/user/company-setting', visitor, false, 'login'],
    ['/user/company-setting', member, false, 'no-permission'],
    ['/user/company-setting', admin, true, 'open'],
    ['/user/personnel-list', member, false, 'no-permission'],
    ['/user/personnel-list', admin, true, 'open'],
    ['/no-permission', visitor, true, 'open'],
    ['/message/waiting/list', member, true, 'open'],
  ] as const)('%s for %j', (path, viewer, ok, decision) => {
    expect(canOpenRoute(path, viewer)).toBe(ok);
    expect(guardDecision(path, viewer)).toBe(decision);
  });

  it('refuses a module page to a company without the module code, whatever the address', () => {
    const ordersOnly = {
      signedIn: true,
      isAdmin: false,
      holds: (code: string) => code === 'ORDER',
    };
    expect(guardDecision('/order/order/list', ordersOnly)).toBe('open');
    expect(guardDecision('/order/order/detail?id=3', ordersOnly)).toBe('open');
    expect(guardDecision('/inquiry-quotation/list', ordersOnly)).toBe('no-permission');
    expect(guardDecision('/inquiry-quotation/order-detail', ordersOnly)).toBe('no-permission');
    expect(guardDecision('/message/waiting/list', ordersOnly)).toBe('no-permission');
    // Pages of no module stay open; a visitor still goes to sign in first.
    expect(guardDecision('/user/user-center', ordersOnly)).toBe('open');
    expect(guardDecision('/order/order/list', { ...ordersOnly, signedIn: false })).toBe('login');
    const adminWithoutModules = { signedIn: true, isAdmin: true, holds: () => false };
    expect(guardDecision('/user/company-setting', adminWithoutModules)).toBe('open');
    expect(guardDecision('/order', adminWithoutModules)).toBe('no-permission');
  });

  it('the no-permission page tells the user to go elsewhere', () => {
    expect(NO_PERMISSION_TEXT).toBe('你没有权限查看该页面，请访问其他页面');
  });

  it('lands on the 工作台 when the company holds any module it summarises, else on the list', () => {
    for (const code of ['INQUIRY_QUOTATION', 'ORDER', 'TODO'] as const) {
      expect(landsOnDashboard((held) => held === code)).toBe(true);
    }
    // A company without the three (an administrator's settings alone) keeps the spec's landing.
    expect(landsOnDashboard(() => false)).toBe(false);
  });
});
