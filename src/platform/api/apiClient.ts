// The main thread's API client for the calls that need the server's answer at
// once (search, place order, settings ...); synced data is read from IndexedDB instead. Every
// call names its entry of the route registry (src/contract/api/routes.ts), which types what it
// sends and the answer's schema it is checked with. Every call carries the bearer token and
// `currentCompanyId` (DESIGN §3), and a failure shows its message (settings-messaging-shared §8): 401 also signs out
// (the session decides how: online only, after the outbox check), 403 the permission message,
// any other the server's error_message.
import { z } from 'zod/mini';
import { ERROR_CODES } from '../../contract/api/envelope';
import type {
  AnswerOf,
  HttpMethod,
  ParamsOf,
  QueryValue,
  RequestOf,
  Route,
} from '../../contract/api/route';
import { COMMON_MESSAGES } from '../../domain/messages/common';
import { ApiError } from './apiError';
import { readEnvelope } from './envelope';

/** A call that hangs this long on a bad network is given up (the user can try again). */
export const REQUEST_TIMEOUT_MS = 30_000;

interface CallExtras {
  /** E.g. `Idempotency-Key`, `If-Match` (DESIGN §3). */
  headers?: Readonly<Record<string, string>>;
  /** The caller handles every failure itself: no notification, no sign-out on 401. */
  quiet?: boolean;
}

/** What a call of route R takes: its path's ids, its query and body (JSON or FormData), extras. */
export type CallOptions<R extends Route> = RequestOf<R> & ParamsOf<R> & CallExtras;

/** Options may be left out when the route needs none of them. */
type CallArgs<R extends Route> =
  Record<never, never> extends CallOptions<R>
    ? [options?: CallOptions<R>]
    : [options: CallOptions<R>];

export interface ApiClientDeps {
  /** The API's base URL; '' for this origin (config.json `gateway`). */
  baseUrl: string;
  /** Where /api/v7/search calls go (config.json `searchHost`, settings-messaging-shared §7); '' = `baseUrl`. */
  searchHost?: string;
  getToken(): Promise<string | null>;
  /** The current company, sent with every call; null before the account is loaded. */
  companyId(): number | null;
  online(): boolean;
  /** Shows a failed call's message to the user. */
  notify(message: string): void;
  /** The server answered 401 to a signed-in call. */
  onUnauthorized(): void;
  fetch?: typeof fetch;
}

export interface ApiClient {
  /** Calls one entry of the registry: `api.call(APP_ROUTES.x, { params, query, body })`. */
  call<R extends Route>(route: R, ...options: CallArgs<R>): Promise<AnswerOf<R>>;
}

/** The spec's search calls live on their own host (settings-messaging-shared §7). */
export const isSearchPath = (path: string): boolean => path.startsWith('/api/v7/search/');

/** The URL of a call: base + path, the query (arrays repeated, empty values left out), company. */
export function apiUrl(
  baseUrl: string,
  path: string,
  query: Readonly<Record<string, QueryValue>> = {},
  companyId: number | null = null,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== null && item !== undefined && item !== '') params.append(key, String(item));
    }
  }
  if (companyId !== null) params.set('currentCompanyId', String(companyId));
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

function encodeBody(body: unknown): { body?: BodyInit; contentType?: string } {
  if (body === undefined) return {};
  if (body instanceof FormData) return { body };
  return { body: JSON.stringify(body), contentType: 'application/json' };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const doFetch = deps.fetch ?? ((input, init) => fetch(input, init));

  function fail(error: ApiError, quiet: boolean): never {
    if (!quiet) {
      const offline = error.unreachable && !deps.online();
      deps.notify(offline ? COMMON_MESSAGES.OFFLINE_ACTION : error.message);
      if (error.status === 401) deps.onUnauthorized();
    }
    throw error;
  }

  interface Request extends CallExtras {
    query?: Readonly<Record<string, QueryValue>>;
    body?: unknown;
  }

  async function request(
    method: HttpMethod,
    path: string,
    answer: Route['answer'],
    options: Request,
  ) {
    const quiet = options.quiet ?? false;
    const token = await deps.getToken();
    const { body, contentType } = encodeBody(options.body);
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (contentType) headers['content-type'] = contentType;
    if (token) headers.authorization = `Bearer ${token}`;

    let response: Response;
    try {
      const base = deps.searchHost && isSearchPath(path) ? deps.searchHost : deps.baseUrl;
      response = await doFetch(apiUrl(base, path, options.query, deps.companyId()), {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      return fail(new ApiError(0, null, null), quiet);
    }
    const envelope = readEnvelope(response.status, await readJson(response));
    if (!envelope.ok) {
      return fail(new ApiError(envelope.status, envelope.code, envelope.serverMessage), quiet);
    }
    const data = z.safeParse(answer, envelope.data);
    if (!data.success) return fail(new ApiError(502, ERROR_CODES.INVALID_RESPONSE, null), quiet);
    return data.data;
  }

  return {
    async call<R extends Route>(route: R, ...[options]: CallArgs<R>): Promise<AnswerOf<R>> {
      const { params, ...rest }: { params?: unknown } & Request = options ?? {};
      // The entry's own builder; its parameter type is checked at the call (ParamsOf).
      const path = (route.path as (params: unknown) => string)(params);
      return (await request(route.method, path, route.answer, rest)) as AnswerOf<R>;
    },
  };
}
