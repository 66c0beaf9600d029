// Reads the runtime config (DESIGN §3) at boot. The network copy wins when it answers in time and
// validates; it is then kept (src/platform/persisted.ts) so the installed app starts offline, and a
// slow network never holds a start that has a kept copy for longer than KEPT_COPY_WAIT_MS.
import { type RuntimeConfig, runtimeConfigSchema } from '../../domain/config/runtimeConfig';
import { readPersisted, writePersisted } from '../persisted';

export type { RuntimeConfig };

export const CONFIG_URL = '/config.json';
/** With a kept copy, how long the network may take before the start goes on without it. */
export const KEPT_COPY_WAIT_MS = 2_500;
/** With no copy, how long to wait before the error screen. */
export const FIRST_START_WAIT_MS = 15_000;

/** Neither the network nor a kept copy gave a valid config (first start while offline). */
export class RuntimeConfigUnavailableError extends Error {
  constructor(cause: unknown) {
    super('runtime config unavailable', { cause });
    this.name = 'RuntimeConfigUnavailableError';
  }
}

async function fetchConfig(timeoutMs: number): Promise<RuntimeConfig> {
  const response = await fetch(CONFIG_URL, {
    cache: 'no-cache',
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`${CONFIG_URL} answered ${response.status}`);
  const config = runtimeConfigSchema.parse(await response.json());
  writePersisted('runtimeConfig', config);
  return config;
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const kept = readPersisted('runtimeConfig');
  if (!kept) {
    try {
      return await fetchConfig(FIRST_START_WAIT_MS);
    } catch (error) {
      throw new RuntimeConfigUnavailableError(error);
    }
  }
  // The fetch goes on after the wait runs out, so a late answer still refreshes the kept copy
  // for the next start.
  const fresh = fetchConfig(FIRST_START_WAIT_MS).catch((error: unknown) => {
    console.warn('runtime config: using the kept copy', error);
    return kept;
  });
  const waited = new Promise<RuntimeConfig>((resolve) =>
    setTimeout(() => resolve(kept), KEPT_COPY_WAIT_MS),
  );
  return Promise.race([fresh, waited]);
}
