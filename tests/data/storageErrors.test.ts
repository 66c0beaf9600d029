import './rows';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { SchemaOutdatedError } from '../../src/data/db';
import { classifyStorageError, type StorageErrorKind } from '../../src/data/storageErrors';
import { freshDb } from './rows';

const dom = (name: string, message = '') => new DOMException(message, name);
const named = (name: string, message = '') => Object.assign(new Error(message), { name });

const cases: Array<[string, unknown, StorageErrorKind]> = [
  ['QuotaExceededError', dom('QuotaExceededError'), 'quota'],
  ['Firefox legacy quota name', named('NS_ERROR_DOM_QUOTA_REACHED'), 'quota'],
  [
    'Dexie AbortError wrapping a quota error (a transaction aborted for space)',
    new Dexie.AbortError('Transaction aborted', dom('QuotaExceededError')),
    'quota',
  ],
  ['AbortError whose message names the quota', dom('AbortError', 'Quota exceeded.'), 'quota'],
  [
    'an app error caused by a quota error',
    new Error('pull failed', { cause: dom('QuotaExceededError') }),
    'quota',
  ],
  [
    'Chromium: UnknownError opening the backing store',
    dom('UnknownError', 'Internal error opening backing store for indexedDB.open.'),
    'backing-store',
  ],
  [
    'Dexie OpenFailedError wrapping the backing store error',
    new Dexie.OpenFailedError(
      'UnknownError Internal error opening backing store',
      dom('UnknownError', 'Internal error opening backing store for indexedDB.open.'),
    ),
    'backing-store',
  ],
  [
    'Firefox private mode',
    dom(
      'InvalidStateError',
      'A mutation operation was attempted on a database that did not allow mutations.',
    ),
    'backing-store',
  ],
  ['no IndexedDB at all', new Dexie.MissingAPIError('IndexedDB API missing'), 'backing-store'],
  [
    'WebKit: InvalidStateError "Connection is closing."',
    dom('InvalidStateError', 'Connection is closing.'),
    'connection-lost',
  ],
  [
    'Chromium: the database connection is closing',
    dom(
      'InvalidStateError',
      "Failed to execute 'transaction' on 'IDBDatabase': The database connection is closing.",
    ),
    'connection-lost',
  ],
  [
    'WebKit: connection to the IndexedDB server lost',
    dom(
      'UnknownError',
      'Connection to Indexed Database server lost. Refresh the page to try again',
    ),
    'connection-lost',
  ],
  [
    'Dexie DatabaseClosedError',
    new Dexie.DatabaseClosedError('Database has been closed'),
    'connection-lost',
  ],
  [
    'VersionError',
    dom('VersionError', 'The requested version (10) is less than the existing version (20).'),
    'version',
  ],
  [
    'Dexie OpenFailedError wrapping a VersionError',
    new Dexie.OpenFailedError(dom('VersionError')),
    'version',
  ],
  ['an upgrade step failed', new Dexie.UpgradeError('upgrade failed'), 'version'],
  ['our SchemaOutdatedError', new SchemaOutdatedError(3), 'version'],
  ['a ConstraintError', new Dexie.ConstraintError('Key already exists'), 'other'],
  [
    'InvalidStateError about something else',
    dom('InvalidStateError', 'The transaction has finished.'),
    'other',
  ],
  ['a TypeError', new TypeError('x is undefined'), 'other'],
  ['not an error', 'quota', 'other'],
  ['undefined', undefined, 'other'],
];

describe('classifyStorageError', () => {
  it.each(cases.map(([label, error, kind]) => ({ label, error, kind })))(
    '$label → $kind',
    ({ error, kind }) => {
      expect(classifyStorageError(error)).toBe(kind);
    },
  );

  it('stops on an error that wraps itself', () => {
    const error = named('AbortError', 'aborted');
    Object.assign(error, { inner: error });
    expect(classifyStorageError(error)).toBe('other');
  });
});

describe('classifyStorageError on errors the storage really raises', () => {
  it('a query on a closed database is a lost connection', async () => {
    const db = freshDb('closed');
    await db.open();
    db.close({ disableAutoOpen: true });
    const error = await db.sheets.count().catch((e: unknown) => e);
    expect(classifyStorageError(error)).toBe('connection-lost');
    await Dexie.delete(db.name);
  });

  it('opening below the installed version is a version fault', async () => {
    const db = freshDb('lower');
    await db.open(); // native version 20
    db.close();
    const error = await new Promise<unknown>((resolve) => {
      const request = indexedDB.open(db.name, 10);
      request.onsuccess = () => resolve(null);
      request.onerror = () => resolve(request.error);
    });
    expect(classifyStorageError(error)).toBe('version');
    await Dexie.delete(db.name);
  });
});
