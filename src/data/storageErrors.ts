// Sorts IndexedDB / Dexie failures into the few kinds the app treats differently (DESIGN §4
// "Storage faults"): quota (tell the user, free space), backing store (the browser cannot open
// its storage: private mode, disk trouble), connection lost (WebKit drops connections: reopen,
// never delete), version (another tab runs a newer schema: reload). The rules are data, matched
// against the error and every error it wraps (Dexie's `inner`, `cause`).
import Dexie from 'dexie';

export type StorageErrorKind = 'quota' | 'backing-store' | 'connection-lost' | 'version' | 'other';

interface Rule {
  kind: Exclude<StorageErrorKind, 'other'>;
  /** Error names (DOMException or Dexie) that mean this kind by themselves. */
  names?: readonly string[];
  /** Or: one of these names with a message matching the pattern. */
  when?: { names: readonly string[]; message: RegExp };
}

/** First match wins: a quota error wrapped in an AbortError is about quota, not the abort. */
const RULES: readonly Rule[] = [
  {
    kind: 'quota',
    names: ['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED'],
  },
  { kind: 'quota', when: { names: ['AbortError', 'UnknownError'], message: /quota/i } },
  // Dexie's UpgradeError: an upgrade step failed; SchemaOutdatedError: src/data/db.ts.
  { kind: 'version', names: ['VersionError', 'SchemaOutdatedError', 'UpgradeError'] },
  {
    kind: 'connection-lost',
    names: ['DatabaseClosedError'],
  },
  {
    kind: 'connection-lost',
    when: {
      // WebKit: "Connection is closing.", "Connection to Indexed Database server lost. Refresh
      // the page to try again"; Chromium: "The database connection is closing."
      names: ['InvalidStateError', 'UnknownError', 'AbortError'],
      message:
        /connection (is closing|to indexed ?(db|database) server lost)|database connection is closing/i,
    },
  },
  {
    kind: 'backing-store',
    // MissingAPIError: no IndexedDB at all (old private modes).
    names: ['MissingAPIError'],
  },
  {
    kind: 'backing-store',
    when: {
      // Chromium: "Internal error opening backing store for indexedDB.open."; Firefox private
      // mode: "A mutation operation was attempted on a database that did not allow mutations."
      names: ['UnknownError', 'InvalidStateError', 'OpenFailedError'],
      message: /backing store|internal error|did not allow mutations/i,
    },
  },
];

interface Described {
  name: string;
  message: string;
}

/** The error and every error it wraps, outermost first (bounded: a cycle must not hang us). */
function chain(error: unknown): Described[] {
  const found: Described[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current !== null && typeof current === 'object'; depth++) {
    const record = current as {
      name?: unknown;
      message?: unknown;
      inner?: unknown;
      cause?: unknown;
    };
    found.push({
      name: typeof record.name === 'string' ? record.name : '',
      message: typeof record.message === 'string' ? record.message : '',
    });
    current = record.inner ?? record.cause;
  }
  return found;
}

function matches(rule: Rule, error: Described): boolean {
  if (rule.names?.includes(error.name)) return true;
  return (
    !!rule.when && rule.when.names.includes(error.name) && rule.when.message.test(error.message)
  );
}

export function classifyStorageError(error: unknown): StorageErrorKind {
  const errors = chain(error);
  for (const rule of RULES) {
    if (errors.some((e) => matches(rule, e))) return rule.kind;
  }
  return 'other';
}

/**
 * Whether the error came from the storage (IndexedDB, or Dexie about it) rather than from the code
 * that used it: an app error thrown inside a transaction passes through Dexie unwrapped.
 */
export function isStorageError(error: unknown): boolean {
  return (
    error instanceof Dexie.DexieError ||
    error instanceof DOMException ||
    classifyStorageError(error) !== 'other'
  );
}
