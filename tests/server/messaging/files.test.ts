// Files (settings-messaging-shared §5 "Upload", §7 "Files", §8 413; purchasing-core §7.3): the
// multipart upload with its size and type rules, reading with the original name, who may read
// (own company, recipients of a message that carries the file), delete by path for the owner only.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Database } from '../../../server/db/database';
import { accounts, contacts, files, sheetLines } from '../../../server/db/schema/index';
import { CONTENT_SLICE_BYTES } from '../../../server/messaging/fileStore';
import { UPLOAD_REFUSALS } from '../../../server/messaging/messages';
import { uploadFailedWithReason } from '../../../src/domain/files/messages';
import { MAX_FILE_SIZE_BYTES } from '../../../src/domain/files/uploads';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { testConfig } from '../../support/app';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import { seedFixtures } from '../../support/fixtures';
import { multipart } from '../../support/multipart';
import { accessTokenFor } from '../../support/tokens';

type Uploaded = {
  object_name: string;
  url: string;
  name: string;
  content_type: string;
  size: number;
};

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);

/** The route fixtures (buyers A and B, the supplier, an order of A), the supplier signed in. */
async function seed(database: Database) {
  const fx = await seedFixtures(database);
  const [supplier] = await database.db
    .insert(accounts)
    .values({ username: 'fx_supplier', passwordHash: '-', name: '王销售' })
    .returning({ id: accounts.id });
  if (!supplier) throw new Error('seed');
  await database.db
    .update(contacts)
    .set({ accountId: supplier.id })
    .where(eq(contacts.id, fx.contacts.supplierSales));
  return {
    a: fx.companies.buyerA,
    b: fx.companies.buyerB,
    s: fx.companies.supplier,
    buyer: fx.accounts.userA,
    foreign: fx.accounts.userB,
    supplier: supplier.id,
    cSupplier: fx.contacts.supplierSales,
    order: fx.orders.contractSignedA.id,
    sentSheetLine: fx.sheets.sentA.lines[0],
    imageA: fx.files.imageA,
  };
}

describe.each(drivers)('files on %s', (driver) => {
  let db: TestDatabase;
  let app: FastifyInstance;
  let s: Awaited<ReturnType<typeof seed>>;
  const tokens = new Map<number, string>();

  const auth = (as: number) => ({ authorization: `Bearer ${tokens.get(as)}` });
  const upload = (
    file: { name: string; content: Buffer; type: string; field?: string },
    options: { as?: number; company?: number; documentType?: string; key?: string } = {},
  ) => {
    const body = multipart(file.name, file.content, file.type, file.field);
    const query = `documentType=${options.documentType ?? 'TODO_ATTACHMENT'}&entityId=7&currentCompanyId=${options.company ?? s.a}`;
    return app.inject({
      method: 'POST',
      url: `/api/v7/files?${query}`,
      headers: {
        ...auth(options.as ?? s.buyer),
        ...body.headers,
        ...(options.key ? { 'idempotency-key': options.key } : {}),
      },
      payload: body.payload,
    });
  };
  const read = (path: string, as = s.buyer, company = s.a) =>
    app.inject({
      method: 'GET',
      url: `/api/v7/files/content?path=${encodeURIComponent(path)}&currentCompanyId=${company}`,
      headers: auth(as),
    });
  const remove = (path: string, as = s.buyer, company = s.a) =>
    app.inject({
      method: 'DELETE',
      url: `/api/v7/files?path=${encodeURIComponent(path)}&currentCompanyId=${company}`,
      headers: auth(as),
    });
  const uploaded = async (name: string, content: Buffer, type = 'text/plain') => {
    const res = await upload({ name, content, type });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Uploaded }).data;
  };

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    const config = testConfig();
    app = await buildApp({ config, database: db.database });
    await app.ready();
    s = await seed(db.database);
    for (const id of [s.buyer, s.foreign, s.supplier]) {
      tokens.set(id, await accessTokenFor(db.database, `${config.publicUrl}/oidc`, id));
    }
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('stores an upload under the company and serves it back with its UTF-8 name', async () => {
    const file = await uploaded('报价 单.txt', Buffer.from('数量 10'));
    expect(file.object_name).toMatch(new RegExp(`^${s.a}/[0-9a-f-]{36}/报价_单\\.txt$`));
    expect(file).toMatchObject({
      name: '报价 单.txt',
      content_type: 'text/plain',
      size: Buffer.byteLength('数量 10'),
      url: `/api/v7/files/content?path=${encodeURIComponent(file.object_name)}`,
    });
    const res = await read(file.object_name);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('数量 10');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ _.txt"; filename*=UTF-8''${encodeURIComponent('报价 单.txt')}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts images and PDF as product attachments, typed from their bytes', async () => {
    const res = await upload(
      { name: 'drawing.png', content: PNG, type: 'application/octet-stream' },
      { documentType: 'PRODUCT_ATTACHMENT' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.content_type).toBe('image/png');
    const pdf = await upload(
      { name: 'spec.pdf', content: Buffer.from('%PDF-1.7\n%%EOF'), type: 'application/pdf' },
      { documentType: 'PRODUCT_ATTACHMENT' },
    );
    expect(pdf.json().data.content_type).toBe('application/pdf');
    expect((await read(res.json().data.object_name)).headers['content-disposition']).toMatch(
      /^inline;/,
    );
  });

  it('refuses other types for product attachments and programs anywhere, with the reason', async () => {
    const text = await upload(
      { name: 'notes.png', content: Buffer.from('not an image'), type: 'image/png' },
      { documentType: 'PRODUCT_ATTACHMENT' },
    );
    expect(text.statusCode).toBe(415);
    expect(text.json().error_message).toBe(
      uploadFailedWithReason(UPLOAD_REFUSALS.PRODUCT_ATTACHMENT_TYPE),
    );
    const exe = await upload({
      name: 'readme.txt',
      content: Buffer.from('MZ\x90\x00'),
      type: 'text/plain',
    });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error_message).toBe(uploadFailedWithReason(UPLOAD_REFUSALS.EXECUTABLE));
    expect(
      (await upload({ name: 'setup.exe', content: Buffer.from('hello'), type: 'text/plain' }))
        .statusCode,
    ).toBe(415);
    const empty = await upload({ name: 'empty.txt', content: Buffer.alloc(0), type: 'text/plain' });
    expect(empty.statusCode).toBe(422);
    expect(
      (
        await upload({
          name: 'a.txt',
          content: Buffer.from('x'),
          type: 'text/plain',
          field: 'other',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await upload(
          { name: 'a.txt', content: Buffer.from('x'), type: 'text/plain' },
          { documentType: 'NOT_A_DOCUMENT_TYPE' },
        )
      ).statusCode,
    ).toBe(400);
  });

  it('answers 413 with the spec’s message for a file of 20 MB or more', async () => {
    const before = await db.database.db.select({ id: files.id }).from(files);
    for (const size of [MAX_FILE_SIZE_BYTES, MAX_FILE_SIZE_BYTES + 1]) {
      const res = await upload({
        name: 'big.bin',
        content: Buffer.alloc(size, 1),
        type: 'application/octet-stream',
      });
      expect(res.statusCode, `size ${size}`).toBe(413);
      expect(res.json().error_message).toBe(COMMON_MESSAGES.FILE_TOO_LARGE);
    }
    expect((await db.database.db.select({ id: files.id }).from(files)).length).toBe(before.length);
    const justUnder = await upload({
      name: 'ok.bin',
      content: Buffer.alloc(MAX_FILE_SIZE_BYTES - 1, 1),
      type: 'application/octet-stream',
    });
    expect(justUnder.statusCode).toBe(200);
  });

  it('sends a file of several slices back byte for byte', async () => {
    const content = randomBytes(CONTENT_SLICE_BYTES * 3 + 12_345);
    const file = await uploaded('drawing.bin', content, 'application/octet-stream');
    const res = await read(file.object_name);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(content.length);
    expect(res.rawPayload.equals(content)).toBe(true);
  });

  it('stores a replayed upload once', async () => {
    const before = await db.database.db.select({ id: files.id }).from(files);
    const first = await upload(
      { name: 'once.txt', content: Buffer.from('1'), type: 'text/plain' },
      { key: 'upload-1' },
    );
    const second = await upload(
      { name: 'once.txt', content: Buffer.from('1'), type: 'text/plain' },
      { key: 'upload-1' },
    );
    expect(second.json()).toEqual(first.json());
    expect((await db.database.db.select({ id: files.id }).from(files)).length).toBe(
      before.length + 1,
    );
  });

  it('lets another company read a file only once a message to it carries the file', async () => {
    const file = await uploaded('图纸.txt', Buffer.from('drawing'));
    expect((await read(file.object_name, s.supplier, s.s)).statusCode).toBe(404);
    expect((await read(file.object_name, s.foreign, s.b)).statusCode).toBe(404);
    const sent = await app.inject({
      method: 'POST',
      url: `/todos-api/v7/messages?currentCompanyId=${s.a}`,
      headers: auth(s.buyer),
      payload: {
        module: 'ORDER',
        module_id: s.order,
        subject: '',
        to_company_id: s.s,
        to_contacts_id: s.cSupplier,
        todo_files: [file.object_name],
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({
      has_attachment: true,
      todo_files: [{ attachment: { object_name: file.object_name } }],
    });
    expect((await read(file.object_name, s.supplier, s.s)).body).toBe('drawing');
    expect((await read(file.object_name, s.foreign, s.b)).statusCode).toBe(404);
  });

  it('lets the supplier read a product attachment on a sheet it quotes, nobody else', async () => {
    expect((await read(s.imageA, s.supplier, s.s)).statusCode).toBe(404);
    const line = s.sentSheetLine;
    if (line === undefined) throw new Error('no sheet line');
    await db.database.db
      .update(sheetLines)
      .set({
        attachments: [
          { object_name: s.imageA, name: 'photo.png', content_type: 'image/png', size: 4 },
        ],
      })
      .where(eq(sheetLines.id, line));
    const res = await read(s.imageA, s.supplier, s.s);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(Buffer.from([1, 2, 3, 4]));
    expect((await read(s.imageA, s.foreign, s.b)).statusCode).toBe(404);
  });

  it('deletes only the caller’s company’s files and refuses traversal', async () => {
    const mine = await uploaded('删除.txt', Buffer.from('x'));
    const other = await uploaded('保留.txt', Buffer.from('y'));
    const stranger = await remove(mine.object_name, s.foreign, s.b);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().error_message).toBe(COMMON_MESSAGES.NO_PERMISSION);
    const uuid = mine.object_name.split('/')[1];
    for (const path of [
      `${s.b}/../${mine.object_name}`,
      `../${mine.object_name}`,
      `/${mine.object_name}`,
      `${s.a}/${uuid}/../${other.object_name.split('/')[2]}`,
      `${s.a}\\${uuid}\\x.txt`,
    ]) {
      expect((await remove(path)).statusCode, path).toBe(403);
      expect((await read(path)).statusCode, path).toBe(403);
    }
    expect((await remove(`${s.a}/00000000-0000-4000-8000-000000000000/none.txt`)).statusCode).toBe(
      404,
    );
    const res = await remove(mine.object_name);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { object_name: mine.object_name } });
    expect((await read(mine.object_name)).statusCode).toBe(404);
    expect((await read(other.object_name)).body).toBe('y');
    const [row] = await db.database.db
      .select()
      .from(files)
      .where(eq(files.objectName, mine.object_name));
    expect(row?.deleted).toBe(true);
    expect((await remove(mine.object_name)).statusCode).toBe(404);
  });

  it('refuses a missing token and a foreign currentCompanyId', async () => {
    const body = multipart('a.txt', Buffer.from('x'), 'text/plain');
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/v7/files?documentType=TODO_ATTACHMENT&currentCompanyId=${s.a}`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (
        await upload(
          { name: 'a.txt', content: Buffer.from('x'), type: 'text/plain' },
          { company: s.b },
        )
      ).statusCode,
    ).toBe(403);
  });
});
