// `fetch` for oidc-client-ts in Node, answered by the in-process server over inject(): discovery,
// the code's exchange, refresh and revocation reach the real embedded provider. It counts the
// token requests and can hold their answers, so a test can act while a refresh the provider has
// already made (the old refresh token spent) is on its way back.
import type { FastifyInstance } from 'fastify';

const TOKEN_PATH = '/oidc/token';

export interface ProviderFetch {
  fetch: typeof fetch;
  /** POST /oidc/token requests so far (code exchanges and refreshes). */
  tokenRequests(): number;
  /**
   * Holds the answers of the next token requests until `release()`: the provider has answered,
   * the caller has not heard yet. `arrived` resolves once one answer is held.
   */
  holdTokens(): { arrived: Promise<void>; release(): void };
}

export function providerFetch(app: FastifyInstance): ProviderFetch {
  let tokens = 0;
  let gate: { arrive(): void; released: Promise<void> } | null = null;

  const answer = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init.method ?? 'GET';
    const isToken = method === 'POST' && url.pathname === TOKEN_PATH;
    if (isToken) tokens++;
    const res = await app.inject({
      method: method as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { ...Object.fromEntries(new Headers(init.headers)), host: url.host },
      ...(init.body == null ? {} : { payload: String(init.body) }),
    });
    if (isToken && gate) {
      gate.arrive();
      await gate.released;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined)
        headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.body, { status: res.statusCode, headers });
  };

  return {
    fetch: answer as typeof fetch,
    tokenRequests: () => tokens,
    holdTokens() {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      gate = { arrive, released };
      return {
        arrived,
        release: () => {
          gate = null;
          release();
        },
      };
    },
  };
}
