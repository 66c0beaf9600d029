// A minimal browser for driving the embedded OpenID provider over inject(): a path-aware cookie
// jar, redirects, the sign-in form and the token endpoint, so tests cover the real flow
// (authorization code + PKCE) without Chromium.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const APP_SCOPE = 'openid profile offline_access';

export type OidcClient = { clientId: string; redirectUri: string };

export type Answer = {
  status: number;
  /** The redirect target, made absolute. */
  location: string | undefined;
  body: string;
  headers: Record<string, unknown>;
};

export type TokenAnswer = {
  status: number;
  json: {
    access_token: string;
    id_token: string;
    refresh_token: string;
    expires_in: number;
    error?: string;
  };
};

type Cookie = { name: string; value: string; path: string };

/** A browser's cookies for one origin, honouring each cookie's path and deletion. */
export class CookieJar {
  private cookies = new Map<string, Cookie>();

  store(setCookie: string | string[] | undefined): void {
    for (const line of typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const split = pair.indexOf('=');
      const name = pair.slice(0, split);
      const value = pair.slice(split + 1);
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) ?? '/';
      const expires = attributes.find((a) => /^expires=/i.test(a))?.slice(8);
      const gone = value === '' || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (gone) this.cookies.delete(`${name}|${path}`);
      else this.cookies.set(`${name}|${path}`, { name, value, path });
    }
  }

  header(path: string): string {
    const pathname = new URL(path, 'http://x').pathname;
    const within = (c: Cookie) =>
      pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`);
    return [...this.cookies.values()]
      .filter(within)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The app's authorization request; without a challenge it omits PKCE. */
export function authorizeUrl(client: OidcClient, challenge?: string): string {
  const params = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: APP_SCOPE,
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    ...(challenge ? { code_challenge: challenge, code_challenge_method: 'S256' } : {}),
  });
  return `/oidc/auth?${params}`;
}

export function formAction(html: string): string {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in page: ${html.slice(0, 300)}`);
  return action.replaceAll('&amp;', '&');
}

export class OidcBrowser {
  readonly jar = new CookieJar();
  /** Sent with every request (say an X-Forwarded-For a proxy in front would add). */
  headers: Record<string, string> = {};

  constructor(
    /** Replaceable, to continue with the same cookies against a restarted server. */
    public app: FastifyInstance,
    readonly origin: string,
    readonly client: OidcClient,
    readonly ip = '127.0.0.1',
  ) {}

  async visit(
    url: string,
    options: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {},
  ): Promise<Answer> {
    const target = new URL(url, this.origin);
    if (target.origin !== this.origin) throw new Error(`left the server for ${target.href}`);
    const path = `${target.pathname}${target.search}`;
    const res = await this.app.inject({
      method: options.method ?? 'GET',
      url: path,
      remoteAddress: this.ip,
      headers: {
        ...this.headers,
        host: target.host,
        cookie: this.jar.header(path),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
    });
    this.jar.store(res.headers['set-cookie']);
    const location = res.headers.location;
    return {
      status: res.statusCode,
      location: typeof location === 'string' ? new URL(location, target).href : undefined,
      body: res.body,
      headers: res.headers,
    };
  }

  /** Follows redirects within the provider until a page answers or one leaves for the app. */
  async follow(first: Answer): Promise<Answer> {
    let answer = first;
    for (let hops = 0; answer.location && hops < 10; hops++) {
      if (!answer.location.startsWith(`${this.origin}/oidc/`)) return answer;
      answer = await this.visit(answer.location);
    }
    return answer;
  }

  /** Starts a sign-in: resolves to the page the provider shows and the PKCE verifier. */
  async authorize(): Promise<{ page: Answer; verifier: string }> {
    const { verifier, challenge } = pkce();
    const page = await this.follow(await this.visit(authorizeUrl(this.client, challenge)));
    return { page, verifier };
  }

  submitLogin(page: Answer, username: string, password: string): Promise<Answer> {
    return this.visit(formAction(page.body), { method: 'POST', form: { username, password } });
  }

  /** The whole sign-in; resolves to the code the app's callback receives and the verifier. */
  async signIn(username: string, password: string): Promise<{ code: string; verifier: string }> {
    const { page, verifier } = await this.authorize();
    const done = await this.follow(await this.submitLogin(page, username, password));
    const code = callbackParams(done, this.client).get('code');
    if (!code) throw new Error(`no code: ${done.location}`);
    return { code, verifier };
  }

  async token(form: Record<string, string>): Promise<TokenAnswer> {
    const res = await this.visit('/oidc/token', {
      method: 'POST',
      form: { client_id: this.client.clientId, ...form },
    });
    return { status: res.status, json: JSON.parse(res.body) as TokenAnswer['json'] };
  }

  exchange(code: string, verifier: string): Promise<TokenAnswer> {
    return this.token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      redirect_uri: this.client.redirectUri,
    });
  }

  refresh(refreshToken: string): Promise<TokenAnswer> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }
}

/** The query the app's callback got; throws when the answer is not a redirect to it. */
export function callbackParams(answer: Answer, client: OidcClient): URLSearchParams {
  const url = new URL(answer.location ?? 'about:blank');
  if (`${url.origin}${url.pathname}` !== client.redirectUri) {
    throw new Error(
      `expected a redirect to ${client.redirectUri}, got ${answer.status} ${answer.location}`,
    );
  }
  return url.searchParams;
}
