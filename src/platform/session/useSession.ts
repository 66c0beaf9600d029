// The signed-in session for every screen inside the guarded layout: the
// account, its companies and the current one, that company's permissions and admin flag,
// switching company, and signing out.
import { useMemo } from 'react';
import { hasPermission, type PermissionKey } from '../../domain/account/permissions';
import type { Permission, SessionAccount, SessionCompany } from './account';
import type { SignOutAnswer } from './sessionTypes';
import { useSessionState } from './useSessionState';

export interface Session {
  status: 'signed-in';
  account: SessionAccount;
  /** Every company the user may act for (the switcher shows them when there are two or more). */
  companies: readonly SessionCompany[];
  /** The company the user works in; every call and every list is for it. */
  currentCompany: SessionCompany;
  /** The current company's permissions by id. */
  permissions: Readonly<Record<string, Permission>>;
  /** Administrator of the current company: company settings and staff (settings-messaging-shared §6). */
  isAdmin: boolean;
  /**
   * The provider refused to renew the sign-in. The app stays readable and changes keep queuing;
   * a notice asks the user to sign in again (nothing queued is lost).
   */
  expired: boolean;
  /** True when any of the keys is in the current company's permissions. */
  can(keys: readonly PermissionKey[]): boolean;
  /** Works offline: every company's data is on the device; the choice is remembered. */
  switchCompany(companyId: number): void;
  /**
   * Signs out after asking the sync worker: with changes not yet sent it answers `pending` and a
   * warning opens (wait, or sign out anyway). Online, the provider's session ends too.
   */
  signOut(): Promise<SignOutAnswer>;
  /** Leaves for the provider's sign-in page and comes back to this address. */
  signInAgain(): Promise<void>;
}

export function useSession(): Session {
  const { controller, snapshot } = useSessionState();
  const { phase } = snapshot;
  if (phase.status !== 'signed-in') {
    throw new Error('useSession is for screens inside the signed-in layout (src/routes)');
  }
  return useMemo(() => {
    const currentCompany = phase.companies.find((c) => c.id === phase.companyId);
    if (!currentCompany) throw new Error(`company ${phase.companyId} is not one of the user's`);
    return {
      status: 'signed-in',
      account: phase.account,
      companies: phase.companies,
      currentCompany,
      permissions: currentCompany.permissions,
      isAdmin: currentCompany.admin,
      expired: phase.expired,
      can: (keys) => hasPermission(currentCompany.permissions, keys),
      switchCompany: (companyId) => controller.switchCompany(companyId),
      signOut: () => controller.signOut(),
      signInAgain: () => controller.signIn(currentAddress()),
    };
  }, [controller, phase]);
}

/** This page's address inside the app, to come back to after signing in. */
export function currentAddress(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}
