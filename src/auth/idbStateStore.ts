// oidc-client-ts's user store on the sign-in database (authDb.ts): the page's UserManager and,
// later, the service worker's read and write the same entry. The library reads the store on every
// getUser and signinSilent, so a token another context renewed is seen at once. Writers take the
// renew lock (renewLock.ts); this module only stores.
import type { StateStore } from 'oidc-client-ts';
import { type AuthDb, authEntrySchema } from './authDb';

export class IdbStateStore implements StateStore {
  constructor(private readonly db: AuthDb) {}

  async set(key: string, value: string): Promise<void> {
    await this.db.entries.put({ key, value });
  }

  async get(key: string): Promise<string | null> {
    const parsed = authEntrySchema.safeParse(await this.db.entries.get(key));
    return parsed.success ? parsed.data.value : null;
  }

  async remove(key: string): Promise<string | null> {
    return this.db.transaction('rw', this.db.entries, async () => {
      const removed = await this.get(key);
      await this.db.entries.delete(key);
      return removed;
    });
  }

  async getAllKeys(): Promise<string[]> {
    return (await this.db.entries.toCollection().primaryKeys()).map(String);
  }
}
