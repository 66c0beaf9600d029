// The files table: upload answers read back for the engine, and which rows lose their blob or go
// entirely when no outbox entry needs them (src/data/files.ts).
import './rows';
import { afterEach, describe, expect, it } from 'vitest';
import type { PurchasingDb } from '../../src/data/db';
import {
  dropUnneeded,
  putFile,
  readFiles,
  recordUpload,
  uploadAnswers,
} from '../../src/data/files';
import type { FileUploadAnswer, PendingFile } from '../../src/data/outboxTypes';
import { freshDb } from './rows';

const dbs: PurchasingDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await db.delete();
});

function open(): PurchasingDb {
  const db = freshDb('files');
  dbs.push(db);
  return db;
}

const answer = (id: string): FileUploadAnswer => ({
  objectName: `1/${id}/photo.png`,
  url: `/api/v7/files/content?path=1%2F${id}%2Fphoto.png`,
  name: 'photo.png',
  contentType: 'image/png',
  size: 3,
});

const file = (id: string, over: Partial<PendingFile> = {}): PendingFile => ({
  id,
  userSub: '7',
  companyId: 1,
  documentType: 'PRODUCT_ATTACHMENT',
  blob: new Blob(['png']),
  name: 'photo.png',
  contentType: 'image/png',
  size: 3,
  uploaded: null,
  createdAt: 1_000,
  ...over,
});

describe('files table', () => {
  it('reads back the upload answers, whether the blob is kept or dropped', async () => {
    const db = open();
    await putFile(db, file('a'));
    await putFile(db, file('b', { blob: null, uploaded: answer('b') }));
    await putFile(db, file('c'));
    await recordUpload(db, 'a', answer('a'));
    await recordUpload(db, 'gone', answer('gone'));
    expect(await uploadAnswers(db)).toEqual(
      new Map([
        ['a', answer('a')],
        ['b', answer('b')],
      ]),
    );
    expect((await readFiles(db, ['a', 'gone'])).map((row) => row.id)).toEqual(['a']);
  });

  it('drops what no entry needs: uploaded blobs, released files, old unused rows', async () => {
    const db = open();
    await putFile(db, file('needed', { uploaded: answer('needed') }));
    await putFile(db, file('uploaded', { uploaded: answer('uploaded') }));
    await putFile(db, file('released'));
    await putFile(db, file('released-uploaded', { uploaded: answer('released-uploaded') }));
    await putFile(db, file('fresh', { createdAt: 5_000 }));
    await putFile(db, file('old', { createdAt: 10 }));
    await putFile(db, file('old-needed', { createdAt: 10 }));
    await dropUnneeded(db, {
      needed: new Set(['needed', 'old-needed']),
      released: new Set(['released', 'released-uploaded', 'needed']),
      expireBefore: 100,
    });
    const rows = new Map((await db.files.toArray()).map((row) => [row.id, row]));
    expect([...rows.keys()].sort()).toEqual(
      ['fresh', 'needed', 'old-needed', 'released-uploaded', 'uploaded'].sort(),
    );
    expect(rows.get('needed')?.blob).toBeInstanceOf(Blob);
    expect(rows.get('old-needed')?.blob).toBeInstanceOf(Blob);
    // A form may still hold the file: a fresh one nobody named yet keeps its blob.
    expect(rows.get('fresh')?.blob).toBeInstanceOf(Blob);
    expect(rows.get('uploaded')).toMatchObject({ blob: null, uploaded: answer('uploaded') });
    expect(rows.get('released-uploaded')).toMatchObject({ blob: null });
  });
});
