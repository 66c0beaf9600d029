// Unused uploads are removed by the maintenance run (security review M10): deleted files a day
// after upload, files nothing names (a change still waiting on a device may name them later) and
// replaced pictures after the 30 days of the client's send window; files on a product line, in a
// message, shown as an avatar or a company logo stay, as do younger files and every seeded file.
// The scan runs without the sync write lock; a file attached between it and the delete stays.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, companies, files, sheetLines, todos } from '../../../server/db/schema/index';
import { DEFAULT_DEMO_SEED, seedDemoData } from '../../../server/demo/seed/demo';
import { fileUrl } from '../../../server/http/fileUrls';
import { runMaintenance } from '../../../server/maintenance';
import {
  collectUnusedFiles,
  deleteUnusedFiles,
  findUnusedFileCandidates,
  objectNameOfUrl,
} from '../../../server/messaging/fileGc';
import { drivers, openTestDatabase, type TestDatabase } from '../../support/databases';
import { type FixtureIds, seedFixtures } from '../../support/fixtures';

const DAY_MS = 24 * 3600 * 1000;

describe.each(drivers)('unused file collection on %s', (driver) => {
  let db: TestDatabase;
  let ids: FixtureIds;
  const now = Date.parse('2026-11-27T12:00:00Z');

  beforeAll(async () => {
    db = await openTestDatabase(driver);
    ids = await seedFixtures(db.database);
  });
  afterAll(async () => db.drop());

  const add = async (name: string, options: { ageMs: number; deleted?: boolean }) => {
    const objectName = `${ids.companies.buyerA}/gc-${name}/${name}.png`;
    await db.database.db.insert(files).values({
      companyId: ids.companies.buyerA,
      objectName,
      fileName: `${name}.png`,
      contentType: 'image/png',
      size: 3,
      documentType: 'TODO_ATTACHMENT',
      data: new Uint8Array([1, 2, 3]),
      deleted: options.deleted ?? false,
      createdAt: new Date(now - options.ageMs).toISOString(),
    });
    return objectName;
  };
  const attachment = (objectName: string) => ({
    object_name: objectName,
    name: 'x.png',
    content_type: 'image/png',
    size: 3,
  });

  it('removes deleted files a day old and unused ones 30 days old, keeps the ones in use and younger ones', async () => {
    const old = { ageMs: 30 * DAY_MS + 60_000 };
    const unused = await add('unused', old);
    const deleted = await add('deleted', { ...old, deleted: true });
    const onLine = await add('on-line', old);
    const inMessage = await add('in-message', old);
    const inDeletedMessage = await add('in-deleted', { ...old, deleted: true });
    const avatar = await add('avatar', old);
    const replacedAvatar = await add('replaced-avatar', old);
    const logo = await add('logo', old);
    const young = await add('young', { ageMs: DAY_MS - 60_000 });
    const { db: d } = db.database;
    const line = ids.sheets.sentA.lines[0];
    if (line === undefined) throw new Error('no sheet line');
    await d
      .update(sheetLines)
      .set({ attachments: [attachment(onLine)] })
      .where(eq(sheetLines.id, line));
    await d.insert(todos).values({
      subject: '图纸',
      fromCompanyId: ids.companies.buyerA,
      toCompanyId: ids.companies.supplier,
      files: [attachment(inMessage), attachment(inDeletedMessage)],
    });
    await d
      .update(accounts)
      .set({ avatarUrl: fileUrl(replacedAvatar) })
      .where(eq(accounts.id, ids.accounts.userA));
    await d
      .update(accounts)
      .set({ avatarUrl: fileUrl(avatar) })
      .where(eq(accounts.id, ids.accounts.userA));
    await d
      .update(companies)
      .set({ logoUrl: fileUrl(logo) })
      .where(eq(companies.id, ids.companies.buyerA));

    const before = await d.select({ name: files.objectName }).from(files);
    await runMaintenance(d, now);
    const after = new Set(
      (await d.select({ name: files.objectName }).from(files)).map((f) => f.name),
    );
    for (const gone of [unused, deleted, inDeletedMessage, replacedAvatar]) {
      expect(after.has(gone), gone).toBe(false);
    }
    for (const kept of [onLine, inMessage, avatar, logo, young])
      expect(after.has(kept), kept).toBe(true);
    // The fixtures' own files are young.
    expect(after.size).toBe(before.length - 4);
  });

  it('keeps a file nothing names yet for the client’s send window, but not a deleted one', async () => {
    // Uploaded two days ago by a device whose change has not been sent yet (offline, paused).
    const waiting = await add('waiting', { ageMs: 2 * DAY_MS });
    const waitingLong = await add('waiting-long', { ageMs: 29 * DAY_MS });
    const deleted = await add('deleted-young', { ageMs: 2 * DAY_MS, deleted: true });
    const tooOld = await add('too-old', { ageMs: 30 * DAY_MS + 60_000 });
    const { db: d } = db.database;
    await runMaintenance(d, now);
    const after = new Set(
      (await d.select({ name: files.objectName }).from(files)).map((f) => f.name),
    );
    expect(after.has(waiting)).toBe(true);
    expect(after.has(waitingLong)).toBe(true);
    expect(after.has(deleted)).toBe(false);
    expect(after.has(tooOld)).toBe(false);
  });

  it('keeps a file attached between the scan and the delete', async () => {
    const old = { ageMs: 30 * DAY_MS + 60_000 };
    const late = await add('attached-late', old);
    const lateInMessage = await add('sent-late', old);
    const unused = await add('still-unused', old);
    const { db: d } = db.database;
    const line = ids.sheets.draftA.lines[1];
    if (line === undefined) throw new Error('no sheet line');
    let scanned: number[] = [];
    const removed = await collectUnusedFiles(d, now, {
      afterScan: async () => {
        scanned = await findUnusedFileCandidates(d, now);
        await d
          .update(sheetLines)
          .set({ attachments: [attachment(late)] })
          .where(eq(sheetLines.id, line));
        await d.insert(todos).values({
          subject: '补发图纸',
          fromCompanyId: ids.companies.buyerA,
          toCompanyId: ids.companies.supplier,
          files: [attachment(lateInMessage)],
        });
      },
    });
    // All three were candidates when the scan ran; only the one still unused went.
    const idsOf = async (...names: string[]) =>
      (await d.select({ id: files.id, name: files.objectName }).from(files))
        .filter((f) => names.includes(f.name))
        .map((f) => Number(f.id));
    expect(scanned).toEqual(expect.arrayContaining(await idsOf(late, lateInMessage)));
    expect(removed).toBe(1);
    const after = new Set(
      (await d.select({ name: files.objectName }).from(files)).map((f) => f.name),
    );
    expect(after.has(late)).toBe(true);
    expect(after.has(lateInMessage)).toBe(true);
    expect(after.has(unused)).toBe(false);
    // A stale candidate list deletes nothing that is in use.
    expect(await deleteUnusedFiles(d, scanned, now)).toBe(0);
  });

  it('reads the object name back from a file URL only', () => {
    const name = `${ids.companies.buyerA}/u/报价 (1).pdf`;
    expect(objectNameOfUrl(fileUrl(name))).toBe(name);
    expect(objectNameOfUrl('/brand-logos/siemens.svg')).toBeNull();
    expect(objectNameOfUrl(`${fileUrl('')}%E0%A4%A`)).toBeNull();
  });
});

describe.each(drivers)('the demo’s files on %s', (driver) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(driver);
  });
  afterAll(async () => db.drop());

  it('all stay: every seeded file is attached to a line or a message', async () => {
    const seededAt = new Date('2026-11-20T09:30:00+08:00');
    await seedDemoData(db.database, { seed: DEFAULT_DEMO_SEED, now: seededAt });
    const count = async () => (await db.database.db.select({ id: files.id }).from(files)).length;
    const seeded = await count();
    expect(seeded).toBeGreaterThan(0);
    await runMaintenance(db.database.db, seededAt.getTime() + 30 * DAY_MS);
    expect(await count()).toBe(seeded);
  });
});
