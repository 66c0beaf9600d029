// loadRuntimeConfig against a stubbed network and an in-memory localStorage: the network copy
// is validated and kept, the kept copy carries an offline start, and only a start with neither
// fails.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../../src/domain/config/runtimeConfig';
import {
  KEPT_COPY_WAIT_MS,
  loadRuntimeConfig,
  RuntimeConfigUnavailableError,
} from '../../../src/platform/config/runtimeConfig';
import { readPersisted, writePersisted } from '../../../src/platform/persisted';
import { memoryStorage } from '../../support/webStorage';

const config: RuntimeConfig = {
  gateway: '',
  websocket: '/ws',
  publicWebsite: 'https://www.example.com',
  auth: { authority: 'http://127.0.0.1:8080/oidc', clientId: 'purchasing-app', scope: 'openid' },
  searchHost: '',
};
const moved: RuntimeConfig = { ...config, gateway: 'https://api.example.com' };

const answer = (body: unknown, status = 200) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status }));
const offline = () =>
  vi.fn(async () => {
    throw new TypeError('Failed to fetch');
  });

beforeEach(() => {
  vi.stubGlobal('window', { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loadRuntimeConfig', () => {
  it('reads /config.json without the HTTP cache and keeps the copy', async () => {
    const fetch = answer(config);
    vi.stubGlobal('fetch', fetch);
    await expect(loadRuntimeConfig()).resolves.toEqual(config);
    expect(fetch).toHaveBeenCalledWith(
      '/config.json',
      expect.objectContaining({ cache: 'no-cache' }),
    );
    expect(readPersisted('runtimeConfig')).toEqual(config);
  });

  it('prefers a fresh network copy over the kept one and replaces it', async () => {
    writePersisted('runtimeConfig', config);
    vi.stubGlobal('fetch', answer(moved));
    await expect(loadRuntimeConfig()).resolves.toEqual(moved);
    expect(readPersisted('runtimeConfig')).toEqual(moved);
  });

  it('starts from the kept copy when offline', async () => {
    writePersisted('runtimeConfig', config);
    vi.stubGlobal('fetch', offline());
    await expect(loadRuntimeConfig()).resolves.toEqual(config);
  });

  it('starts from the kept copy when the server answers something invalid, and keeps it', async () => {
    writePersisted('runtimeConfig', config);
    vi.stubGlobal('fetch', answer({ gateway: 42 }));
    await expect(loadRuntimeConfig()).resolves.toEqual(config);
    vi.stubGlobal('fetch', answer({ error_code: 'x' }, 503));
    await expect(loadRuntimeConfig()).resolves.toEqual(config);
    expect(readPersisted('runtimeConfig')).toEqual(config);
  });

  it('does not wait for a hanging network when a copy is kept, and a late answer is kept', async () => {
    vi.useFakeTimers();
    writePersisted('runtimeConfig', config);
    let respond: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (respond = resolve))),
    );
    const started = loadRuntimeConfig();
    await vi.advanceTimersByTimeAsync(KEPT_COPY_WAIT_MS);
    await expect(started).resolves.toEqual(config);
    respond(new Response(JSON.stringify(moved)));
    await vi.waitFor(() => expect(readPersisted('runtimeConfig')).toEqual(moved));
  });

  it('fails with RuntimeConfigUnavailableError only when there is neither', async () => {
    vi.stubGlobal('fetch', offline());
    await expect(loadRuntimeConfig()).rejects.toBeInstanceOf(RuntimeConfigUnavailableError);
  });

  it('ignores a kept copy that no longer validates', async () => {
    window.localStorage.setItem('purchasing.runtimeConfig', '{"gateway":""}');
    vi.stubGlobal('fetch', offline());
    await expect(loadRuntimeConfig()).rejects.toBeInstanceOf(RuntimeConfigUnavailableError);
  });
});
