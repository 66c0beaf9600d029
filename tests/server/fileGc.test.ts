// Unused uploads are removed a day after upload by the maintenance run (security review M10):
// deleted files, files nothing names and replaced pictures go; files on a product line, in a
// message, shown as an avatar or a company logo stay, as do younger files and every seeded file.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, companies, files, sheetLines, todos } from '../../server/db/schema/index';
import { objectNameOfUrl } from '../../server/messaging/fileGc';
import { fileUrl } from '../../server/messaging/fileStore';
import { DEFAULT_DEMO_SEED, seedDemoData } from '../../server/seed/demo';
import { runMaintenance } from '../../server/sync/maintenance';
import { drivers, openTestDatabase, type TestDatabase } from '../support/databases';
import { type FixtureIds, seedFixtures } from '../support/fixtures';

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

  it('removes deleted and unused files a day old, keeps the ones in use and younger ones', async () => {
    const old = { ageMs: DAY_MS + 60_000 };
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
