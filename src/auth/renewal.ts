// Renewing the stored user's access token, the same way in every context (a tab, later the service
// worker). The provider rotates refresh tokens and revokes the whole grant when one is used twice,
// so this runs under the renew lock and first reads the store: a token another context renewed
// is taken as it is, and only the newest refresh token is ever spent.
import type { User, UserManager } from 'oidc-client-ts';
import type { Exclusive } from './renewLock';
import { classifyRenewError, needsRenewal, type RenewFailure } from './tokenPolicy';

/** The calls of UserManager a renewal makes (both read the store each time). */
export type RenewingManager = Pick<UserManager, 'getUser' | 'signinSilent'>;

export type StoredRenewal = { kind: 'renewed'; user: User } | { kind: RenewFailure };

export interface RenewOptions {
  exclusive: Exclusive;
  now: () => number;
}

/**
 * The stored user with a usable token. Kept as stored when its token is not `current` and does
 * not expire within the margin: another context renewed it. `current` null (a context holding no
 * token, such as the service worker) keeps any stored token that is not about to expire. Else
 * the stored refresh token is spent. No user or no refresh token: refused.
 */
export function renewStored(
  manager: RenewingManager,
  current: string | null,
  { exclusive, now }: RenewOptions,
): Promise<StoredRenewal> {
  return exclusive(async () => {
    const user = await manager.getUser();
    if (!user?.refresh_token) return { kind: 'refused' };
    if (user.access_token !== current && !needsRenewal(user.expires_at ?? null, now())) {
      return { kind: 'renewed', user };
    }
    try {
      const renewed = await manager.signinSilent();
      return renewed ? { kind: 'renewed', user: renewed } : { kind: 'refused' };
    } catch (error) {
      return { kind: classifyRenewError(error) };
    }
  });
}
