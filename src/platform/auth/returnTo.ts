// Where the user goes back to after signing in: a path of this app taken from the address they
// asked for, carried through the provider in the sign-in request's state. Anything else (another
// origin, a protocol-relative URL, the callback itself) falls back to the home route.

import { AUTH_CALLBACK_PATH } from '../../auth/settings';

// Declared with the provider's settings (src/auth/, below this layer); the routes read it here.
export { AUTH_CALLBACK_PATH };
export const DEFAULT_RETURN_TO = '/home';

export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) {
    return DEFAULT_RETURN_TO;
  }
  if (value.includes('\\')) return DEFAULT_RETURN_TO;
  const path = value.split(/[?#]/, 1)[0] ?? '';
  if (path === AUTH_CALLBACK_PATH || path.startsWith(`${AUTH_CALLBACK_PATH}/`)) {
    return DEFAULT_RETURN_TO;
  }
  return value;
}

/** The state object sent with the sign-in request; read back (unvalidated) at the callback. */
export interface SignInState {
  returnTo: string;
}

export function returnToFromState(state: unknown): string {
  const returnTo =
    typeof state === 'object' && state !== null ? (state as { returnTo?: unknown }).returnTo : null;
  return safeReturnTo(returnTo);
}
