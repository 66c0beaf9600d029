// The access token of a context that holds none of its own (the service worker): read from the
// stored user, renewed through renewStored under the renew lock when it expires within the margin.
// The stored user must still be the one the target names: after a sign-out and another user's
// sign-in, their token is never used to send the first user's outbox (nor their grant spent).
import type { User } from 'oidc-client-ts';
import { type RenewingManager, type RenewOptions, renewStored } from './renewal';
import { needsRenewal } from './tokenPolicy';

export interface StoredToken {
  /** A usable token, or null (signed out, someone else signed in, refused, offline). */
  token(): Promise<string | null>;
  /** After a 401: renews unless another context already did; rejects when no token came. */
  renew(): Promise<void>;
}

export function storedToken(
  manager: RenewingManager,
  userSub: string,
  options: RenewOptions,
): StoredToken {
  // Read under the renew lock (renewStored's getUser): a user of another subject is no user.
  const owned: RenewingManager = {
    getUser: async () => {
      const user = await manager.getUser();
      return user?.profile.sub === userSub ? user : null;
    },
    signinSilent: (args) => manager.signinSilent(args),
  };
  let held: User | null = null;
  const renewFrom = async (current: string | null): Promise<string | null> => {
    const result = await renewStored(owned, current, options);
    held = result.kind === 'renewed' ? result.user : null;
    return held?.access_token ?? null;
  };
  return {
    token: async () => {
      if (held && !needsRenewal(held.expires_at ?? null, options.now())) return held.access_token;
      return renewFrom(held?.access_token ?? null);
    },
    renew: async () => {
      if (!(await renewFrom(held?.access_token ?? null))) throw new Error('not renewed');
    },
  };
}
