// The main thread's handle on the sync worker (issue 4 item 2): starts the module worker (Vite
// bundles `./worker.ts`) and wraps it with comlink, typed by the one SyncApi. Callbacks given to
// `onStatus`/`onRenewToken` must be wrapped in comlink's `proxy`.
import { type Remote, wrap } from 'comlink';
import type { SyncApi } from './api';

export function createSyncClient(): Remote<SyncApi> {
  const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  return wrap<SyncApi>(worker);
}
