// The token endpoint's refusal of a refresh token whose account has left every company says so
// (security review M5): `invalid_grant` with `error_description: departed`. The app can then
// clear the account's data on the device instead of staying readable in its "expired" mode, as it
// does for a refresh token that merely expired. Only the holder of that refresh token hears it.

import type { ProviderMiddleware } from 'oidc-provider';
import type { Db } from '../db/database';
import { hasLeftEveryCompany } from './accounts';

/** `error_description` of a refresh refused because the account left every company. */
export const DEPARTED = 'departed';

export function departedRefusal(db: Db): ProviderMiddleware {
  return async (ctx, next) => {
    await next();
    const { oidc } = ctx;
    if (oidc?.route !== 'token' || ctx.status !== 400) return;
    const body = ctx.body as { error?: unknown } | null;
    if (body?.error !== 'invalid_grant' || oidc.params?.grant_type !== 'refresh_token') return;
    const value = oidc.params.refresh_token;
    if (typeof value !== 'string') return;
    try {
      const token = await oidc.provider.RefreshToken.find(value, { ignoreExpiration: true });
      const accountId = Number(token?.accountId);
      if (!Number.isSafeInteger(accountId) || !(await hasLeftEveryCompany(db, accountId))) return;
      ctx.body = { ...body, error_description: DEPARTED };
    } catch {
      // The refusal stands as the provider gave it; only its reason is missing.
    }
  };
}
