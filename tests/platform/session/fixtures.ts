// Fakes for the session's ports: a provider, the sync worker, the device's storage, and the
// account the server answers (buyer: two companies, admin of neither).
import { vi } from 'vitest';
import type { UserInfo } from '../../../src/contract/api/account';
import type { Auth, AuthUser, RenewResult } from '../../../src/platform/auth/auth';
import type { SessionStore } from '../../../src/platform/session/sessionStore';
import type {
  BackgroundTargetPort,
  SessionControllerDeps,
  SyncPort,
} from '../../../src/platform/session/sessionTypes';
import type { CachedAccount, CompanyChoice } from '../../../src/platform/session/storedSession';
import type { SignOutResult } from '../../../src/sync/api';
import type { UnsentEntry } from '../../../src/sync/outbox';
import type { Clock } from '../../../src/sync/ports';

export const NOW = 1_700_000_000_000;

export function authUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    sub: '3',
    name: '李娜',
    accessToken: 'access-1',
    expiresAt: NOW / 1000 + 600,
    idToken: 'id-1',
    ...overrides,
  };
}

export function buyerInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  const membership = (id: number, name: string, admin: boolean) => ({
    id,
    name,
    admin,
    contact_id: id * 10,
    permissions: [{ id: 'sheet.view', code: 'sheet.view' }],
    company: { id, name, short_name: null, vip: false },
  });
  return {
    id: 3,
    name: '李娜',
    username: 'buyer',
    avatar: null,
    mobile: null,
    timezone: 'Asia/Shanghai',
    companies: [membership(101, '上海精工机械有限公司', false), membership(102, '苏州恒远', true)],
    no_company_message: null,
    ...overrides,
  };
}

export function fakeAuth(stored: AuthUser | null) {
  let user = stored;
  return {
    storedUser: vi.fn(async () => user),
    signIn: vi.fn(async (_returnTo: string) => {}),
    completeSignIn: vi.fn(async (_url: string) => ({
      user: authUser(),
      returnTo: '/order/order/list?orderType=ALL',
    })),
    renew: vi.fn(async (_current: string | null): Promise<RenewResult> => ({ kind: 'transient' })),
    forget: vi.fn(async () => {
      user = null;
    }),
    signOutAtProvider: vi.fn(async (_idToken: string | null) => {}),
  } satisfies Auth;
}

export function fakeSync() {
  return {
    start: vi.fn(),
    setToken: vi.fn(),
    signOut: vi.fn(async (_discard: boolean): Promise<SignOutResult> => ({ signedOut: true })),
    leftBehind: vi.fn(async (_userId: number): Promise<UnsentEntry[] | null> => []),
    wipe: vi.fn(async (_userId: number) => {}),
  } satisfies SyncPort;
}

/** The background target as the port saw it: `target` is what the service worker would read. */
export function fakeBackground() {
  const port = {
    target: null as Parameters<BackgroundTargetPort['save']>[0] | null,
    save: vi.fn(async (target: Parameters<BackgroundTargetPort['save']>[0]) => {
      port.target = target;
    }),
    clear: vi.fn(async () => {
      port.target = null;
    }),
  };
  return port satisfies BackgroundTargetPort;
}

export function memoryStore(): SessionStore & { saved: CachedAccount | null } {
  let tab: CompanyChoice | null = null;
  let device: CompanyChoice | null = null;
  return {
    saved: null,
    account(sub) {
      return this.saved?.sub === sub ? this.saved : null;
    },
    saveAccount(account) {
      this.saved = account;
    },
    companyChoices: () => [tab, device],
    saveCompanyChoice(choice) {
      tab = choice;
      device = choice;
    },
    clear() {
      this.saved = null;
      tab = null;
      device = null;
    },
  };
}

function baseDeps(clock: Clock) {
  return {
    auth: fakeAuth(authUser()),
    sync: fakeSync(),
    background: fakeBackground(),
    store: memoryStore(),
    fetchUser: vi.fn(async () => buyerInfo()),
    endpoints: { baseUrl: '', wsUrl: 'ws://127.0.0.1/ws' },
    online: (): boolean => true,
    notify: vi.fn(),
    clearFileCaches: vi.fn(async () => {}),
    clock,
  } satisfies SessionControllerDeps;
}

/**
 * The controller's ports as fakes; `timers` holds every callback the clock was asked to run
 * (call one to fire it), `clearTimer` records cancellations, `now` sets the clock's time.
 */
export function deps({
  now = () => NOW,
  ...overrides
}: Partial<ReturnType<typeof baseDeps>> & { now?: () => number } = {}) {
  const timers: Array<() => void> = [];
  const clearTimer = vi.fn();
  const clock: Clock = {
    now: () => now(),
    setTimer: (callback) => {
      timers.push(callback);
      return timers.length;
    },
    clearTimer,
  };
  return { ...baseDeps(clock), ...overrides, timers, clearTimer };
}
