// The signed-in account and its companies as the app reads them, made from GET /api/v7/user
// (src/platform/api/userInfo.ts), and the choice of the company the user works in (settings-messaging-shared §6: kept in
// the tab's session and on the device; the first company by default). Pure.
import type { Membership, UserInfo } from '../../contract/api/account';
import type { CompanyChoice } from './storedSession';

export interface Permission {
  id: string;
  code: string;
}

export interface SessionCompany {
  id: number;
  /** The membership's name for the company (what the switcher shows). */
  name: string;
  shortName: string | null;
  vip: boolean;
  /** Company administrator: company settings and staff management (settings-messaging-shared §6). */
  admin: boolean;
  /** The user's contact (employee) record in this company. */
  contactId: number;
  /** The user's permissions here, by permission id (the spec's "permissions-by-id map"). */
  permissions: Readonly<Record<string, Permission>>;
}

export interface SessionAccount {
  /** The account id: names the local database. */
  id: number;
  /** The token's subject. */
  sub: string;
  name: string;
  username: string;
  avatar: string | null;
  mobile: string | null;
  timezone: string;
}

export function toSessionAccount(user: UserInfo, sub: string): SessionAccount {
  return {
    id: user.id,
    sub,
    name: user.name,
    username: user.username,
    avatar: user.avatar,
    mobile: user.mobile,
    timezone: user.timezone,
  };
}

function toSessionCompany(membership: Membership): SessionCompany {
  return {
    id: membership.id,
    name: membership.name,
    shortName: membership.company.short_name,
    vip: membership.company.vip,
    admin: membership.admin,
    contactId: membership.contact_id,
    permissions: Object.fromEntries(membership.permissions.map((p) => [p.id, p])),
  };
}

export function toSessionCompanies(user: UserInfo): SessionCompany[] {
  return user.companies.map(toSessionCompany);
}

/**
 * The company to work in: the first remembered choice (this tab's, then this device's) that is
 * still one of the user's companies and was made by this subject; else the first company.
 */
export function chooseCompany(
  companies: readonly Pick<SessionCompany, 'id'>[],
  sub: string,
  remembered: readonly (CompanyChoice | null)[],
): number | null {
  for (const choice of remembered) {
    if (choice && choice.sub === sub && companies.some((c) => c.id === choice.companyId)) {
      return choice.companyId;
    }
  }
  return companies[0]?.id ?? null;
}
