// The main thread's API client (issue 5 item 3) for the calls that need the server's answer at
// once (search, place order, settings ...); synced data is read from IndexedDB instead. Every
// call carries the bearer token and `currentCompanyId` (DESIGN §3), its answer is validated with
// the caller's schema, and a failure shows its message (spec §8): 401 also signs out (the
// session decides how: online only, after the outbox check), 403 the permission message, any
// other the server's error_message.
import type { z } from 'zod';
import { COMMON_MESSAGES } from '../../domain/messages/common';
import { ApiError } from './apiError';
import { readEnvelope } from './envelope';

/** A call that hangs this long on a bad network is given up (the user can try again). */
export const REQUEST_TIMEOUT_MS = 30_000;

type QueryScalar = string | number | boolean;
export type QueryValue = QueryScalar | null | undefined | readonly QueryScalar[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T> {
  query?: Readonly<Record<string, QueryValue>>;
  /** JSON, or FormData (a file upload) as it is. */
  body?: unknown;
  /** E.g. `Idempotency-Key`, `If-Match` (DESIGN §3). */
  headers?: Readonly<Record<string, string>>;
  /** The shape of `data` in the answer. */
  schema: z.ZodType<T>;
  /** The caller handles every failure itself: no notification, no sign-out on 401. */
  quiet?: boolean;
}

export interface ApiClientDeps {
  /** The API's base URL; '' for this origin (config.json `gateway`). */
  baseUrl: string;
  /** Where /api/v7/search calls go (config.json `searchHost`, spec §7); '' = `baseUrl`. */
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
  request<T>(method: HttpMethod, path: string, options: RequestOptions<T>): Promise<T>;
  get<T>(path: string, options: RequestOptions<T>): Promise<T>;
  post<T>(path: string, options: RequestOptions<T>): Promise<T>;
  put<T>(path: string, options: RequestOptions<T>): Promise<T>;
  patch<T>(path: string, options: RequestOptions<T>): Promise<T>;
  delete<T>(path: string, options: RequestOptions<T>): Promise<T>;
}

/** The URL of a call: base + path, the query (arrays repeated, empty values left out), company. */
/** The spec's search calls live on their own host (settings-messaging-shared §7). */
export const isSearchPath = (path: string): boolean => path.startsWith('/api/v7/search/');

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

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions<T>) {
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
    const data = options.schema.safeParse(envelope.data);
    if (!data.success) return fail(new ApiError(502, 'INVALID_RESPONSE', null), quiet);
    return data.data;
  }

  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, options) => request('POST', path, options),
    put: (path, options) => request('PUT', path, options),
    patch: (path, options) => request('PATCH', path, options),
    delete: (path, options) => request('DELETE', path, options),
  };
}
