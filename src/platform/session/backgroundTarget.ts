// The session's BackgroundTargetPort on the sign-in database: the target the page saves carries
// the provider's settings too, so the service worker can renew the stored user with no page open.
import type { AuthDb } from '../../auth/authDb';
import { clearBackgroundTarget, saveBackgroundTarget } from '../../auth/backgroundTarget';
import type { RuntimeConfig } from '../../domain/config/runtimeConfig';
import type { BackgroundTargetPort } from './sessionTypes';

export function storedBackgroundTarget(
  db: AuthDb,
  auth: RuntimeConfig['auth'],
): BackgroundTargetPort {
  const { authority, clientId, scope } = auth;
  return {
    save: (target) => saveBackgroundTarget(db, { ...target, auth: { authority, clientId, scope } }),
    clear: () => clearBackgroundTarget(db),
  };
}
