// clearUserCaches empties exactly the caches holding one user's files and keeps the shared ones.
import { afterEach, expect, it, vi } from 'vitest';
import { RUNTIME_CACHES } from '../../../src/contract/serviceWorkerCaches';
import { clearUserCaches } from '../../../src/platform/pwa/userCaches';

afterEach(() => vi.unstubAllGlobals());

it('deletes the uploaded-images cache and nothing shared', async () => {
  const names = new Set([
    'workbox-precache-v2',
    RUNTIME_CACHES.brandLogos,
    RUNTIME_CACHES.fileImages,
  ]);
  const storage = { delete: vi.fn(async (name: string) => names.delete(name)) };
  vi.stubGlobal('caches', storage);
  vi.stubGlobal('window', { caches: storage });
  await clearUserCaches();
  expect([...names]).toEqual(['workbox-precache-v2', RUNTIME_CACHES.brandLogos]);
});

it('does nothing where the browser has no Cache Storage', async () => {
  vi.stubGlobal('window', {});
  await expect(clearUserCaches()).resolves.toBeUndefined();
});
