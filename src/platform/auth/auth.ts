// What the session needs from sign-in, independent of the library: the stored user, the
// redirect to the provider and back, renewal, and the two ways out. src/platform/auth/oidcAuth.ts
// implements it with oidc-client-ts; tests use a fake.

export interface AuthUser {
  /** The token's subject: outbox entries are only sent under the subject who wrote them. */
  sub: string;
  /** From the ID token (the provider's userinfo endpoint is off, docs/footguns 13). */
  name: string;
  accessToken: string;
  /** Seconds since the epoch; null when the provider said nothing. */
  expiresAt: number | null;
  /** For the provider's sign-out page, which then signs out without asking. */
  idToken: string | null;
}

export type RenewResult =
  | { kind: 'renewed'; user: AuthUser }
  /** Network, timeout or a provider fault: go on with the token there is. */
  | { kind: 'transient' }
  /** The provider refused the refresh token (or there is none): sign in again. */
  | { kind: 'refused' }
  /** Refused because the account has left every company: its data goes from the device. */
  | { kind: 'departed' };

export interface Auth {
  /** The stored user, even with an expired access token: the app opens offline with it. */
  storedUser(): Promise<AuthUser | null>;
  /** Leaves for the provider's sign-in page; back at the callback with `returnTo`. */
  signIn(returnTo: string): Promise<void>;
  /** Finishes the sign-in at the callback URL; rejects when the answer is unusable. */
  completeSignIn(url: string): Promise<{ user: AuthUser; returnTo: string }>;
  /**
   * Renews with the refresh token, one tab at a time: a tab that finds a token another tab
   * already renewed (newer than `current`) takes it instead of spending the refresh token again
   * (the provider rotates refresh tokens and revokes the whole grant when one is reused).
   */
  renew(current: string | null): Promise<RenewResult>;
  /** Revokes the refresh token (best effort) and forgets the stored user. */
  forget(): Promise<void>;
  /** Leaves for the provider's sign-out; it comes back to the app's root. */
  signOutAtProvider(idTokenHint: string | null): Promise<void>;
}
