// oidc-client-ts keeps its pending sign-in requests (PKCE verifier, return address) through a
// StateStore; this one puts them in Web Storage through the app's one storage module
// (src/platform/persisted.ts), as one declared key holding the library's entries. Only the tab
// that left for the provider reads them back. The user itself is in IndexedDB (src/auth/).
import type { StateStore } from 'oidc-client-ts';
import { readPersisted, writePersisted } from '../persisted';

type AuthKey = 'authRequests';

export class PersistedStateStore implements StateStore {
  constructor(private readonly key: AuthKey) {}

  private entries(): Record<string, string> {
    return readPersisted(this.key) ?? {};
  }

  async set(key: string, value: string): Promise<void> {
    writePersisted(this.key, { ...this.entries(), [key]: value });
  }

  async get(key: string): Promise<string | null> {
    return this.entries()[key] ?? null;
  }

  async remove(key: string): Promise<string | null> {
    const { [key]: removed = null, ...rest } = this.entries();
    writePersisted(this.key, rest);
    return removed;
  }

  async getAllKeys(): Promise<string[]> {
    return Object.keys(this.entries());
  }
}
