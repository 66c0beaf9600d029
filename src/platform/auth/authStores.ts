// oidc-client-ts keeps its user and its pending sign-in requests through a StateStore; these put
// both in Web Storage through the app's one storage module (src/platform/persisted.ts), each as one
// declared key holding the library's entries.
import type { StateStore } from 'oidc-client-ts';
import { readPersisted, writePersisted } from '../persisted';

type AuthKey = 'authUser' | 'authRequests';

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
