// The API client against a fake fetch: what each call carries, and what each kind of failure
// shows and does (settings-messaging-shared §7 "Handling of answers", §8).
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type HttpMethod, type QueryValue, route } from '../../../src/contract/api/route';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { type ApiClientDeps, apiUrl, createApiClient } from '../../../src/platform/api/apiClient';
import { ApiError } from '../../../src/platform/api/apiError';

type FetchArgs = [string, RequestInit];

function setup(answer: () => Promise<Response>, overrides: Partial<ApiClientDeps> = {}) {
  const calls: FetchArgs[] = [];
  const deps = {
    baseUrl: 'https://api.example.com',
    getToken: vi.fn(async () => 'token-1'),
    companyId: () => 7,
    online: () => true,
    notify: vi.fn(),
    onUnauthorized: vi.fn(),
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push([String(input), init ?? {}]);
      return answer();
    },
    ...overrides,
  } satisfies ApiClientDeps;
  return { api: createApiClient(deps), deps, calls };
}

const json = (status: number, body: unknown) => async () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const idSchema = z.object({ id: z.number() });

/** A registry entry for a test call: any query or body, an `{id}` answer. */
const at = (method: HttpMethod, path: string) =>
  route<{ query?: Readonly<Record<string, QueryValue>>; body?: unknown }>()({
    method,
    path: () => path,
    answer: idSchema,
  });

describe('apiUrl', () => {
  it('repeats arrays, leaves out empty values and adds the current company', () => {
    expect(
      apiUrl('/base/', '/todos-api/v7/todos', { companyIds: [1, 2], scope: 'MINE', name: '' }, 3),
    ).toBe('/base/todos-api/v7/todos?companyIds=1&companyIds=2&scope=MINE&currentCompanyId=3');
    expect(apiUrl('', '/api/v7/user', { x: null, y: undefined })).toBe('/api/v7/user');
  });
});

describe('createApiClient', () => {
  it('sends the bearer token, the current company and a JSON body, and returns the data', async () => {
    const { api, calls } = setup(json(200, { data: { id: 5 } }));
    await expect(
      api.call(at('POST', '/api/v7/things'), {
        body: { a: 1 },
        headers: { 'Idempotency-Key': 'k' },
      }),
    ).resolves.toEqual({ id: 5 });
    const [url, init] = calls[0] ?? ['', {}];
    expect(url).toBe('https://api.example.com/api/v7/things?currentCompanyId=7');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(init.headers).toMatchObject({
      authorization: 'Bearer token-1',
      'content-type': 'application/json',
      'Idempotency-Key': 'k',
    });
  });

  it('sends search calls to the search host when one is configured', async () => {
    const { api, calls } = setup(json(200, { data: { id: 1 } }), {
      searchHost: 'https://search.example.com',
    });
    await api.call(at('GET', '/api/v7/search/brands'), { query: { name: 'AB' } });
    await api.call(at('GET', '/api/v7/user'), {});
    expect(calls.map(([url]) => url)).toEqual([
      'https://search.example.com/api/v7/search/brands?name=AB&currentCompanyId=7',
      'https://api.example.com/api/v7/user?currentCompanyId=7',
    ]);
    const gateway = setup(json(200, { data: { id: 1 } }), { searchHost: '' });
    await gateway.api.call(at('GET', '/api/v7/search/brands'), {});
    expect(gateway.calls[0]?.[0]).toBe(
      'https://api.example.com/api/v7/search/brands?currentCompanyId=7',
    );
  });

  it('passes a file upload through as multipart', async () => {
    const { api, calls } = setup(json(200, { data: { id: 1 } }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await api.call(at('POST', '/api/v7/files'), { body: form });
    const init = calls[0]?.[1] ?? {};
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('content-type');
  });

  it('on 401 shows the spec message and asks the session to sign out', async () => {
    const { api, deps } = setup(json(401, { error_code: 'UNAUTHORIZED', error_message: 'x' }));
    const error = await api.call(at('GET', '/api/v7/x'), {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(deps.notify).toHaveBeenCalledWith(COMMON_MESSAGES.SESSION_EXPIRED);
    expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('on 403 shows the permission message whatever the server says, and stays signed in', async () => {
    const { api, deps } = setup(json(403, { error_code: 'FORBIDDEN', error_message: '禁止' }));
    await expect(api.call(at('GET', '/api/v7/x'), {})).rejects.toThrow(
      COMMON_MESSAGES.NO_PERMISSION,
    );
    expect(deps.notify).toHaveBeenCalledWith(COMMON_MESSAGES.NO_PERMISSION);
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it("shows the server's error_message for any other failure", async () => {
    const { api, deps } = setup(
      json(400, { error_code: 'INVALID', error_message: '名称不能为空' }),
    );
    await expect(api.call(at('PUT', '/api/v7/x'), { body: {} })).rejects.toMatchObject({
      status: 400,
      code: 'INVALID',
      message: '名称不能为空',
    });
    expect(deps.notify).toHaveBeenCalledWith('名称不能为空');
  });

  it('says the action needs the network when offline, and that the network failed otherwise', async () => {
    const down = async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    };
    const offline = setup(down, { online: () => false });
    await expect(offline.api.call(at('GET', '/x'), {})).rejects.toMatchObject({ status: 0 });
    expect(offline.deps.notify).toHaveBeenCalledWith(COMMON_MESSAGES.OFFLINE_ACTION);
    const flaky = setup(down);
    await expect(flaky.api.call(at('GET', '/x'), {})).rejects.toBeInstanceOf(ApiError);
    expect(flaky.deps.notify).toHaveBeenCalledWith(COMMON_MESSAGES.NETWORK_FAILED);
  });

  it('refuses an answer that does not match the schema', async () => {
    const { api, deps } = setup(json(200, { data: { id: 'five' } }));
    await expect(api.call(at('GET', '/x'), {})).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    expect(deps.notify).toHaveBeenCalledWith(COMMON_MESSAGES.SERVER_BUSY);
  });

  it('stays quiet when the caller handles failures itself', async () => {
    const { api, deps } = setup(json(401, {}));
    await expect(api.call(at('GET', '/x'), { quiet: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(deps.notify).not.toHaveBeenCalled();
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends no company before the account is loaded, and no header without a token', async () => {
    const { api, calls } = setup(json(200, { data: { id: 1 } }), {
      companyId: () => null,
      getToken: async () => null,
    });
    await api.call(at('GET', '/api/v7/user'), {});
    expect(calls[0]?.[0]).toBe('https://api.example.com/api/v7/user');
    expect(calls[0]?.[1].headers).not.toHaveProperty('authorization');
  });
});
