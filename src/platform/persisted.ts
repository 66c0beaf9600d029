// The app's one door to Web Storage (the linter bans localStorage/sessionStorage elsewhere). Every
// key is declared once in PERSISTED with its store and the zod schema its value must pass on
// read: a value written by an older app version, or edited by hand, reads as absent instead of
// breaking the app. Storage that throws (private mode, quota, disabled) behaves as empty.
import { z } from 'zod';
import { chatContactsSchema } from '../contract/api/chat';
import { searchFormsSchema } from '../contract/api/lists';
import { indexPagesSchema, newsItemSchema } from '../contract/api/shell';
import { runtimeConfigSchema } from '../domain/config/runtimeConfig';
import { pendingRevocationsSchema } from './auth/revocationSchema';
import {
  cachedAccountSchema,
  companyChoiceSchema,
  oidcEntriesSchema,
} from './session/storedSession';

type Store = 'local' | 'session';

interface PersistedKey {
  store: Store;
  /** The Web Storage key: renaming it forgets what users have stored under the old name. */
  name: string;
  schema: z.ZodType;
}

const PERSISTED = {
  /** The last /config.json that validated, so the installed app starts offline (src/platform/config). */
  runtimeConfig: { store: 'local', name: 'purchasing.runtimeConfig', schema: runtimeConfigSchema },
  /**
   * oidc-client-ts's user as releases before the sign-in database (src/auth/) kept it: read once
   * at boot and moved there (src/platform/auth/migrateStoredUser.ts). Kept declared for one release.
   */
  authUser: { store: 'local', name: 'purchasing.auth.user', schema: oidcEntriesSchema },
  /** oidc-client-ts's pending sign-in requests (PKCE verifier, return URL) until the callback. */
  authRequests: { store: 'local', name: 'purchasing.auth.requests', schema: oidcEntriesSchema },
  /** Refresh tokens of sign-outs the provider has not yet revoked (offline): src/platform/auth/revocations. */
  authRevocations: {
    store: 'local',
    name: 'purchasing.auth.revocations',
    schema: pendingRevocationsSchema,
  },
  /** The last GET /api/v7/user of the signed-in subject, for offline starts (src/platform/session). */
  account: { store: 'local', name: 'purchasing.session.account', schema: cachedAccountSchema },
  /** The company this device last worked in: the default for a new tab (settings-messaging-shared §6). */
  companyOnDevice: {
    store: 'local',
    name: 'purchasing.session.company',
    schema: companyChoiceSchema,
  },
  /** The company this tab works in, so two tabs may work in two companies. */
  companyInTab: {
    store: 'session',
    name: 'purchasing.session.company',
    schema: companyChoiceSchema,
  },
  /** The logo's landing list per company (GET /index), so the logo works offline (src/features/shell). */
  indexPages: { store: 'local', name: 'purchasing.shell.indexPages', schema: indexPagesSchema },
  /** The menu's layout the user chose in the user menu (src/features/shell/navLayout.ts). */
  navLayout: {
    store: 'local',
    name: 'purchasing.shell.navLayout',
    schema: z.enum(['horizontal', 'sidebar']),
  },
  /** The phone's one-time offer to install the app was dismissed (src/features/shell/InstallApp.tsx). */
  installOfferDismissed: {
    store: 'local',
    name: 'purchasing.shell.installOfferDismissed',
    schema: z.literal(true),
  },
  /** The news ticker's last item, shown offline (src/features/shell). */
  newsItem: { store: 'local', name: 'purchasing.shell.news', schema: newsItemSchema },
  /** The lists' quick-search forms per company and list type, shown offline (src/features/lists). */
  listSearchForms: {
    store: 'local',
    name: 'purchasing.lists.searchForms',
    schema: searchFormsSchema,
  },
  /** The chat panel's default contact per record, so a message written offline finds its addressee. */
  chatContacts: { store: 'local', name: 'purchasing.chat.contacts', schema: chatContactsSchema },
} as const satisfies Record<string, PersistedKey>;

export type PersistedName = keyof typeof PERSISTED;
export type PersistedValue<K extends PersistedName> = z.infer<(typeof PERSISTED)[K]['schema']>;

function storage(store: Store): Storage | null {
  try {
    return store === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored value, or null when absent, unreadable or no longer valid. */
export function readPersisted<K extends PersistedName>(key: K): PersistedValue<K> | null {
  const { store, name, schema } = PERSISTED[key];
  try {
    const raw = storage(store)?.getItem(name);
    if (raw == null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as PersistedValue<K>) : null;
  } catch {
    return null;
  }
}

/** Stores the value; false when the browser refused (quota, private mode). */
export function writePersisted<K extends PersistedName>(key: K, value: PersistedValue<K>): boolean {
  const { store, name } = PERSISTED[key];
  try {
    const target = storage(store);
    if (!target) return false;
    target.setItem(name, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removePersisted(key: PersistedName): void {
  const { store, name } = PERSISTED[key];
  try {
    storage(store)?.removeItem(name);
  } catch {
    // Nothing stored can be removed from storage the browser will not open.
  }
}
