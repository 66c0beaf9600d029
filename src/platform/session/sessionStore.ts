// What the session keeps on the device, through src/platform/persisted.ts: the last account answer
// (offline starts) and the company chosen in this tab and on this device. A port, so the
// session's logic is tested without Web Storage.
import { readPersisted, removePersisted, writePersisted } from '../persisted';
import type { CachedAccount, CompanyChoice } from './storedSession';

export interface SessionStore {
  /** The last account answer of this subject, or null (none, or another subject's). */
  account(sub: string): CachedAccount | null;
  saveAccount(account: CachedAccount): void;
  /** Remembered choices, this tab's first. */
  companyChoices(): (CompanyChoice | null)[];
  saveCompanyChoice(choice: CompanyChoice): void;
  /** Sign-out: nothing of the account stays on the device. */
  clear(): void;
}

export const persistedSessionStore: SessionStore = {
  account(sub) {
    const cached = readPersisted('account');
    return cached?.sub === sub ? cached : null;
  },
  saveAccount(account) {
    writePersisted('account', account);
  },
  companyChoices() {
    return [readPersisted('companyInTab'), readPersisted('companyOnDevice')];
  },
  saveCompanyChoice(choice) {
    writePersisted('companyInTab', choice);
    writePersisted('companyOnDevice', choice);
  },
  clear() {
    removePersisted('account');
    removePersisted('companyInTab');
    removePersisted('companyOnDevice');
  },
};
