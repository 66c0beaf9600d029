// What the API needs from an identity provider: turn a bearer token into a verified subject.
// The embedded provider (server/idp) and an external SSO (OIDC_ISSUER) both implement it.

export type VerifiedToken = {
  /** The token's `sub`. */
  subject: string;
  /**
   * How to find the account: by id (embedded provider), or by the external SSO's issuer and
   * `sub`, bound at the first sign-in to the account of that sign-in name.
   */
  account: { id: number } | ExternalIdentity;
  /** Seconds since the epoch. */
  expiresAt: number;
  /** Seconds since the epoch (`iat`), when the token says. */
  issuedAt?: number | undefined;
  /** The embedded provider's sign-in session the token was issued in (`sid`), when it says. */
  sessionId?: string | undefined;
};

export type ExternalIdentity = { issuer: string; subject: string; username: string };

export interface TokenVerifier {
  /** Resolves the verified token, or rejects when it is malformed, forged, expired or for another audience. */
  verify(token: string): Promise<VerifiedToken>;
}
