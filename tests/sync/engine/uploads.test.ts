// Attachments chosen offline, against the real server on loopback: the blob is stored at once
// (or refused at once by the domain's rules), uploaded before the entry that names it, exactly
// once even across a 503 and a restart, and dropped after the entry is applied; a file the
// server refuses fails the entries naming it with the server's message.
import 'fake-indexeddb/auto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, sheetLines } from '../../../server/db/schema/index';
import type { PurchasingDb } from '../../../src/data/db';
import { readIdMapPairs } from '../../../src/data/meta';
import { DOCUMENT_TYPES } from '../../../src/domain/files/uploads';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { PURCHASING_MESSAGES } from '../../../src/domain/messages/purchasing';
import type { MutationInput } from '../../../src/sync/core/mutations';
import type { FileRef } from '../../../src/sync/core/mutations/spec';
import type { SyncEngine } from '../../../src/sync/engine/engine';
import { type FileInput, storeFile } from '../../../src/sync/engine/files';
import type { FetchLike, UploadLike } from '../../../src/sync/engine/http';
import { line } from '../core/fixtures';
import {
  engineSuite,
  type Harness,
  makeEngine,
  Network,
  openLocal,
  storedAnswers,
  synced,
  until,
} from './engineHarness';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (): Blob => new Blob([new Uint8Array([...PNG_SIGNATURE, 1, 2, 3, 4])]);

const UPLOAD_PATH = '/api/v7/files?';
const SHEET_CREATE_PATH = '/inquiry-api/v7/inquiry_quotation?';

/**
 * The test's network: `net`, with sheet creates held (no answer, as offline) while `holdSheets`,
 * and the next `failSheets` of them answered 503 before they reach the server.
 */
class Gate {
  holdSheets = false;
  failSheets = 0;
  constructor(readonly net: Network) {}

  readonly fetch: FetchLike = async (url, init) => {
    if (url.includes(SHEET_CREATE_PATH) && init.method === 'POST') {
      if (this.holdSheets) {
        this.net.calls.push({ method: 'POST', url, status: 'network' });
        throw new TypeError('Failed to fetch');
      }
      if (this.failSheets > 0) {
        this.failSheets -= 1;
        this.net.calls.push({ method: 'POST', url, status: 503 });
        return new Response(JSON.stringify({ error_code: 'UNAVAILABLE' }), { status: 503 });
      }
    }
    return this.net.fetch(url, init);
  };

  uploads(status?: number | 'network') {
    return this.net
      .mutations()
      .filter((call) => call.url.includes(UPLOAD_PATH))
      .filter((call) => status === undefined || call.status === status);
  }

  sheetCreates() {
    return this.net.mutations().filter((call) => call.url.includes(SHEET_CREATE_PATH));
  }
}

describe('attachments', () => {
  const suite = engineSuite();
  const { engines, dbs } = suite;
  let h: Harness;
  beforeAll(() => {
    h = suite.harness;
  });

  const A = () => h.fx.companies.buyerA;
  const sub = () => String(h.fx.accounts.userA);

  async function setup(gate = new Gate(new Network())) {
    const db = await openLocal();
    dbs.push(db);
    const engine = makeEngine(h, db, gate.net, { companies: [A()], fetch: gate.fetch });
    engines.push(engine);
    await engine.start();
    await synced(engine);
    return { db, engine, gate };
  }

  async function attach(db: PurchasingDb, file: Partial<FileInput> = {}): Promise<FileRef> {
    const stored = await storeFile(db, {
      companyId: A(),
      userSub: sub(),
      now: Date.now(),
      file: {
        blob: png(),
        name: '铭牌.png',
        contentType: 'image/png',
        documentType: DOCUMENT_TYPES.PRODUCT_ATTACHMENT,
        ...file,
      },
    });
    if (!stored.ok) throw new Error(stored.message);
    return stored.file;
  }

  async function draftWith(engine: SyncEngine, ref: FileRef, remark: string) {
    const sheetId = await engine.temporaryId();
    const mutation: MutationInput = {
      type: 'sheet.create',
      payload: {
        sheetId,
        brand: { id: h.fx.brands.logo, name: 'Siemens', view: null },
        lines: [line({ attachments: [ref] })],
        saveToDraft: true,
        supplier: null,
        owner: null,
        remark,
      },
    };
    return { sheetId, entryId: await engine.enqueue(A(), mutation) };
  }

  it('uploads an offline draft’s attachment once, then saves the draft with its object name', async () => {
    const { db, engine, gate } = await setup();
    gate.net.offline = true;
    const ref = await attach(db);
    expect(ref).toMatchObject({ objectName: null, name: '铭牌.png', size: 12 });
    const { sheetId, entryId } = await draftWith(engine, ref, '附件草稿');
    await until(() => gate.uploads('network').length > 0, 'an upload tried while offline');
    expect(engine.status()).toMatchObject({ pending: 1, waitingForUploads: 1 });
    expect(await db.sheets.get([A(), sheetId])).toMatchObject({ remark: '附件草稿' });

    // Online again, the upload goes; the draft itself gets no answer, then a 503.
    gate.holdSheets = true;
    gate.net.offline = false;
    await engine.pullNow();
    await until(
      async () => (await db.files.get(ref.clientFileId ?? ''))?.uploaded != null,
      'upload',
    );
    await until(() => gate.sheetCreates().length > 0, 'the draft tried');
    const uploaded = (await db.files.get(ref.clientFileId ?? ''))?.uploaded;
    if (!uploaded) throw new Error('no upload recorded');
    expect(uploaded.objectName).toMatch(new RegExp(`^${A()}/.+/铭牌\\.png$`));
    expect(engine.status().waitingForUploads).toBe(0);

    // A restart in between: the answer is read back from the database, not uploaded again.
    await engine.stop();
    const restarted = makeEngine(h, db, gate.net, { companies: [A()], fetch: gate.fetch });
    engines.push(restarted);
    gate.failSheets = 1;
    gate.holdSheets = false;
    await restarted.start();
    await until(() => restarted.status().pending === 0, 'the draft applied');

    expect(gate.uploads(200)).toHaveLength(1);
    expect(await storedAnswers(h, `file:${ref.clientFileId}`)).toBe(1);
    const stored = await h.server.db.database.db
      .select()
      .from(files)
      .where(and(eq(files.companyId, A()), eq(files.fileName, '铭牌.png')));
    expect(stored).toHaveLength(1);
    expect(gate.sheetCreates().map((call) => call.status)).toEqual(
      expect.arrayContaining([503, 200]),
    );
    expect(await storedAnswers(h, entryId)).toBe(1);

    const serverId = new Map(await readIdMapPairs(db)).get(sheetId);
    if (serverId === undefined) throw new Error('no server id mapped');
    const [saved] = await h.server.db.database.db
      .select()
      .from(sheetLines)
      .where(eq(sheetLines.sheetId, serverId));
    expect(saved?.attachments).toEqual([
      expect.objectContaining({ object_name: uploaded.objectName, name: '铭牌.png' }),
    ]);
    // Applied: the blob is gone, the answer kept for a form that still names the file.
    const row = await db.files.get(ref.clientFileId ?? '');
    expect(row).toMatchObject({ blob: null, uploaded: { objectName: uploaded.objectName } });
  });

  it('shows an upload’s bytes in the status as they go, and nothing once it is answered', async () => {
    const net = new Network();
    const seen: Array<Record<string, { sent: number; total: number }>> = [];
    let engine: SyncEngine | null = null;
    // The worker's upload, as XMLHttpRequest reports it: halfway, then all, a second apart (the
    // status shows progress at most every 200 ms); then sent by `fetch`.
    let clock = Date.now();
    const upload: UploadLike = async (url, init, onProgress) => {
      const total = 1000;
      clock += 1000;
      onProgress(500, total);
      if (engine) seen.push(engine.status().uploads);
      clock += 1000;
      onProgress(total, total);
      if (engine) seen.push(engine.status().uploads);
      return net.fetch(url, init);
    };
    const db = await openLocal();
    dbs.push(db);
    engine = makeEngine(h, db, net, { companies: [A()], upload, now: () => clock });
    engines.push(engine);
    await engine.start();
    await synced(engine);
    const ref = await attach(db);
    await draftWith(engine, ref, '进度');
    await until(() => engine?.status().pending === 0, 'the draft sent after its upload');
    const id = ref.clientFileId ?? '';
    expect(seen).toEqual([
      { [id]: { sent: 500, total: 1000 } },
      { [id]: { sent: 1000, total: 1000 } },
    ]);
    expect(engine.status().uploads).toEqual({});
  });

  it('refuses a file the domain’s rules refuse at once, storing nothing', async () => {
    const db = await openLocal();
    dbs.push(db);
    const big = new Blob([new Uint8Array(20 * 1024 * 1024)]);
    const refused = async (file: FileInput) =>
      storeFile(db, { companyId: A(), userSub: sub(), now: Date.now(), file });
    expect(
      await refused({
        blob: big,
        name: '图纸.pdf',
        contentType: 'application/pdf',
        documentType: DOCUMENT_TYPES.PRODUCT_ATTACHMENT,
      }),
    ).toEqual({ ok: false, message: PURCHASING_MESSAGES.ATTACHMENT_TOO_LARGE });
    expect(
      await refused({
        blob: png(),
        name: '说明.txt',
        contentType: 'text/plain',
        documentType: DOCUMENT_TYPES.PRODUCT_ATTACHMENT,
      }),
    ).toEqual({ ok: false, message: PURCHASING_MESSAGES.ATTACHMENT_WRONG_TYPE });
    expect(
      await refused({
        blob: big,
        name: '日志.txt',
        contentType: 'text/plain',
        documentType: DOCUMENT_TYPES.TODO_ATTACHMENT,
      }),
    ).toEqual({ ok: false, message: '上传文件大小不能超过 20MB!' });
    expect(await db.files.count()).toBe(0);
  });

  it('fails the entry with the server’s message when the server refuses the file', async () => {
    const { db, engine, gate } = await setup();
    // Named and typed as an image, but its bytes are text: the server sniffs them and refuses.
    const ref = await attach(db, { blob: new Blob(['not an image']) });
    const { sheetId, entryId } = await draftWith(engine, ref, '假图片');
    await until(() => engine.status().failed.length === 1, 'the refusal');
    const [failed] = engine.status().failed;
    expect(failed).toMatchObject({
      id: entryId,
      failure: {
        status: 415,
        message: '文件上传失败：产品附件只能是 gif、jpeg、png、svg 图片或 PDF 文件',
      },
    });
    expect(gate.uploads()).toHaveLength(1);
    expect(gate.sheetCreates()).toHaveLength(0);
    // Rolled back, the blob kept for a retry; discarded, the blob goes too.
    expect(await db.sheets.get([A(), sheetId])).toBeUndefined();
    expect((await db.files.get(ref.clientFileId ?? ''))?.blob).toBeInstanceOf(Blob);
    await engine.discard(entryId);
    expect(await db.files.get(ref.clientFileId ?? '')).toBeUndefined();
    expect(engine.status()).toMatchObject({ pending: 0, failed: [] });
  });

  it('fails the entry with the spec’s 413 message for a file over the server’s limit', async () => {
    const { db, engine, gate } = await setup();
    // Stored as an older app (or a looser rule) would have: past the size check.
    const id = 'file-over-limit';
    await db.files.put({
      id,
      userSub: sub(),
      companyId: A(),
      documentType: DOCUMENT_TYPES.TODO_ATTACHMENT,
      blob: new Blob([new Uint8Array(20 * 1024 * 1024)]),
      name: '录像.bin',
      contentType: 'application/octet-stream',
      size: 20 * 1024 * 1024,
      uploaded: null,
      createdAt: Date.now(),
    });
    const ref: FileRef = {
      clientFileId: id,
      objectName: null,
      name: '录像.bin',
      contentType: 'application/octet-stream',
      size: 20 * 1024 * 1024,
    };
    await draftWith(engine, ref, '超大附件');
    await until(() => engine.status().failed.length === 1, 'the refusal', 20_000);
    expect(engine.status().failed[0]?.failure).toMatchObject({
      status: 413,
      message: COMMON_MESSAGES.FILE_TOO_LARGE,
    });
    expect(gate.uploads(413)).toHaveLength(1);
  });

  it('fails an entry whose file is no longer on the device instead of waiting for ever', async () => {
    const { db, engine } = await setup();
    const ref = await attach(db);
    await db.files.delete(ref.clientFileId ?? '');
    await draftWith(engine, ref, '附件已删');
    await until(() => engine.status().failed.length === 1, 'the refusal');
    expect(engine.status().failed[0]?.failure).toMatchObject({ code: 'FILE_MISSING' });
    expect(engine.status().waitingForUploads).toBe(0);
  });
});
