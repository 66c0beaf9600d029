// oidc-provider ships no types. This declares only the part of its API the embedded provider uses,
// with the option names of oidc-provider 9 (a misspelt option then fails to type-check).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type AdapterPayload = {
    [key: string]: unknown;
    grantId?: string;
    userCode?: string;
    uid?: string;
    /** Seconds since the epoch when a code or refresh token was used up. */
    consumed?: number;
  };

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export type AccountClaims = { sub: string; [claim: string]: unknown };

  export type Account = {
    accountId: string;
    claims(use: string, scope: string): AccountClaims | Promise<AccountClaims>;
  };

  export type Client = {
    clientId: string;
    applicationType: string;
    clientAuthMethod: string;
    grantTypeAllowed(grantType: string): boolean;
  };

  export type TokenLike = {
    exp?: number;
    iat?: number;
    readonly remainingTTL: number;
    readonly scopes: Set<string>;
    isSenderConstrained?(): boolean;
  };

  export type OIDCContext = {
    client?: Client;
    entities: {
      Grant?: TokenLike;
      RotatedRefreshToken?: TokenLike;
      IdTokenHint?: { payload: Record<string, unknown> };
    };
    session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    params?: Record<string, unknown>;
    /** The endpoint's name ('token', 'authorization', …). */
    route?: string;
    readonly provider: Provider;
  };

  /** The Koa context the provider hands to its helpers. */
  export type KoaContextWithOIDC = {
    oidc: OIDCContext;
    body: unknown;
    type: string;
    status: number;
    host: string;
    set(field: string, value: string): void;
  };

  export type ResourceServer = {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'opaque' | 'jwt';
    jwt?: { sign?: { alg: string; kid?: string } };
  };

  export type ClientMetadata = {
    client_id: string;
    client_name?: string;
    application_type?: 'web' | 'native';
    token_endpoint_auth_method?: string;
    grant_types?: string[];
    response_types?: string[];
    redirect_uris: string[];
    post_logout_redirect_uris?: string[];
    id_token_signed_response_alg?: string;
    scope?: string;
  };

  export type ErrorOut = { error: string; error_description?: string; state?: string };

  type Ttl = number | ((ctx: KoaContextWithOIDC, token: TokenLike, client: Client) => number);

  export type Configuration = {
    adapter?: (model: string) => Adapter;
    clients?: ClientMetadata[];
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    claims?: Record<string, string[] | null>;
    conformIdTokenClaims?: boolean;
    cookies?: {
      keys?: string[];
      names?: { session?: string; interaction?: string; resume?: string };
      long?: { httpOnly?: boolean; sameSite?: 'lax' | 'strict' | 'none'; secure?: boolean };
      short?: { httpOnly?: boolean; sameSite?: 'lax' | 'strict' | 'none'; secure?: boolean };
    };
    features?: {
      devInteractions?: { enabled: boolean };
      dPoP?: { enabled: boolean };
      introspection?: { enabled: boolean };
      pushedAuthorizationRequests?: { enabled: boolean };
      revocation?: {
        enabled: boolean;
        allowedPolicy?: (
          ctx: KoaContextWithOIDC,
          client: Client,
          token: { clientId?: string },
        ) => Promise<boolean>;
      };
      userinfo?: { enabled: boolean };
      rpInitiatedLogout?: {
        enabled: boolean;
        logoutSource?: (ctx: KoaContextWithOIDC, form: string) => Promise<void>;
        postLogoutSuccessSource?: (ctx: KoaContextWithOIDC) => Promise<void>;
      };
      resourceIndicators?: {
        enabled: boolean;
        defaultResource?: (
          ctx: KoaContextWithOIDC,
          client: Client,
          oneOf?: string[],
        ) => Promise<string | string[] | undefined>;
        useGrantedResource?: (ctx: KoaContextWithOIDC, model: unknown) => Promise<boolean>;
        getResourceServerInfo?: (
          ctx: KoaContextWithOIDC,
          resourceIndicator: string,
          client: Client,
        ) => Promise<ResourceServer>;
      };
    };
    findAccount?: (
      ctx: KoaContextWithOIDC,
      sub: string,
      token?: unknown,
    ) => Promise<Account | undefined>;
    interactions?: {
      url?: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => Promise<string>;
    };
    issueRefreshToken?: (
      ctx: KoaContextWithOIDC,
      client: Client,
      code: TokenLike,
    ) => Promise<boolean>;
    expiresWithSession?: (ctx: KoaContextWithOIDC, code: TokenLike) => Promise<boolean>;
    extraTokenClaims?: (
      ctx: KoaContextWithOIDC,
      token: { sessionUid?: string },
    ) => Promise<Record<string, unknown> | undefined>;
    jwks?: { keys: object[] };
    loadExistingGrant?: (ctx: KoaContextWithOIDC) => Promise<Grant | undefined>;
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: Error) => Promise<void>;
    rotateRefreshToken?: boolean | ((ctx: KoaContextWithOIDC) => boolean);
    scopes?: string[];
    ttl?: {
      AccessToken?: Ttl;
      AuthorizationCode?: Ttl;
      Grant?: Ttl;
      IdToken?: Ttl;
      Interaction?: Ttl;
      RefreshToken?: Ttl;
      Session?: Ttl;
    };
  };

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    jti?: string;
    exp?: number;
    readonly remainingTTL: number;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export type InteractionDetails = {
    uid: string;
    returnTo: string;
    prompt: {
      name: string;
      reasons: string[];
      details: {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
    };
    params: Record<string, unknown>;
    session?: { accountId: string; uid: string };
    grantId?: string;
  };

  export type InteractionResults = {
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  };

  export class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    /** Trust X-Forwarded-* headers (Koa's `proxy`). */
    proxy: boolean;
    /** How many X-Forwarded-For entries, from the right, Koa reads (0: all). */
    maxIpsCount: number;
    readonly Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
    /** Koa middleware around every endpoint (after `next()`: the answer is set). */
    use(middleware: ProviderMiddleware): void;
    readonly RefreshToken: {
      find(
        value: string,
        options?: { ignoreExpiration?: boolean },
      ): Promise<{ accountId?: string } | undefined>;
    };
  }

  export type ProviderMiddleware = (
    ctx: KoaContextWithOIDC & { oidc?: OIDCContext },
    next: () => Promise<void>,
  ) => Promise<void>;

  export const errors: {
    SessionNotFound: new (...args: unknown[]) => Error;
    InvalidTarget: new (...args: unknown[]) => Error;
  };

  export default Provider;
}
