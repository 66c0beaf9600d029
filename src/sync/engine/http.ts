// The engine's only door to the network: one call = one fetch with the bearer token and a JSON or
// multipart body, answered as an HttpAnswer (body parsed as JSON when it is JSON) or as "no
// answer" (fetch threw: offline, DNS, connection reset), which the callers treat as offline.
import type { HttpAnswer } from '../core/outcomes';

/** `fetch` as the engine uses it; tests pass a wrapper that can drop the network. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/**
 * A request whose body's upload is reported as it goes (`fetch` cannot tell): the worker's is an
 * XMLHttpRequest. `onProgress` gets the bytes sent and the body's size.
 */
export type UploadLike = (
  url: string,
  init: RequestInit,
  onProgress: (sent: number, total: number) => void,
) => Promise<Response>;

export type CallResult =
  | { kind: 'answer'; answer: HttpAnswer }
  | { kind: 'network'; error: unknown };

export interface CallOptions {
  method: string;
  /** `path?query` from the server root. */
  target: string;
  token: string;
  headers?: Readonly<Record<string, string>>;
  /** JSON body; undefined = none. */
  body?: unknown;
  /** A multipart body instead (an upload); fetch sets its content type with the boundary. */
  form?: FormData;
}

function parse(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    // Not our API's answer (a proxy's error page): classified by status with a null body.
    return null;
  }
}

export async function call(
  fetchFn: FetchLike,
  baseUrl: string,
  options: CallOptions,
): Promise<CallResult> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.token}`,
    ...options.headers,
  };
  const init: RequestInit = { method: options.method, headers };
  if (options.form !== undefined) {
    init.body = options.form;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  try {
    const response = await fetchFn(`${baseUrl}${options.target}`, init);
    const body = parse(await response.text());
    return {
      kind: 'answer',
      answer: { status: response.status, body, retryAfter: response.headers.get('retry-after') },
    };
  } catch (error) {
    return { kind: 'network', error };
  }
}
