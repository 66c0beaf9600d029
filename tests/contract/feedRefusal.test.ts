// A feed row that drifted from the contract is refused: by the decoder (a renamed or retyped
// field, checked whole in the contract test, key fields in the worker) and by the pull, which
// then writes nothing of the page and keeps its cursor, as it did for a malformed page before.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { decodeFeedChange, decodeFeedPage } from '../../src/contract/feed';
import { readCompanySync, writeCompanySync } from '../../src/data/meta';
import { pullCompany } from '../../src/sync/engine/pull';
import { freshDb, sheet } from '../data/rows';

const upsert = (row: object, id = '1') => ({ table: 'sheets', op: 'upsert', id, row });
const page = (...changes: unknown[]) => ({ cursor: '9', has_more: false, remaining: 0, changes });

/** The sheet row with `field` renamed to `to`. */
function renamed(field: string, to: string): Record<string, unknown> {
  const { [field]: value, ...rest } = sheet(1) as unknown as Record<string, unknown>;
  return { ...rest, [to]: value };
}

describe('decodeFeedPage', () => {
  it('accepts a well-formed page and keeps fields it does not know', () => {
    const row = { ...sheet(1), added_by_a_newer_server: true };
    const decoded = decodeFeedPage(page(upsert(row)), 'full');
    expect(decoded).toMatchObject({ ok: true, value: { cursor: '9', has_more: false } });
    expect(decoded.ok && decoded.value.changes[0]?.row).toBe(row);
  });

  it('refuses a renamed field or a field of the wrong type when checking whole rows', () => {
    expect(decodeFeedPage(page(upsert(renamed('name', 'title'))), 'full')).toEqual({
      ok: false,
      error: expect.stringContaining('feed change 0: sheets 1: row.name'),
    });
    expect(decodeFeedPage(page(upsert({ ...sheet(1), state: 10 })), 'full')).toEqual({
      ok: false,
      error: expect.stringContaining('row.state'),
    });
    const line = { ...sheet(1).supplier_node, price_map: { '4': { taxed_price_unit: '1.5' } } };
    expect(decodeFeedPage(page(upsert({ ...sheet(1), supplier_node: line })), 'full')).toEqual({
      ok: false,
      error: expect.stringContaining('row.supplier_node.price_map.4.taxed_price_unit'),
    });
  });

  it('refuses a renamed or retyped key field at run time', () => {
    expect(decodeFeedPage(page(upsert(renamed('version', 'row_version'))))).toEqual({
      ok: false,
      error: 'feed change 0: sheets 1: row.version: not a version',
    });
    expect(decodeFeedPage(page(upsert({ ...sheet(1), id: '1' })))).toMatchObject({ ok: false });
    expect(decodeFeedPage(page(upsert(sheet(2), '1')))).toEqual({
      ok: false,
      error: "feed change 0: sheets 1: the row's id differs",
    });
  });

  it('refuses a change header outside the contract', () => {
    const faults = [
      { table: 'invoices', op: 'upsert', id: '1', row: sheet(1) },
      { table: 'sheets', op: 'patch', id: '1', row: sheet(1) },
      { table: 'sheets', op: 'upsert', id: '-1', row: sheet(-1) },
      { table: 'sheets', op: 'delete', id: '1', row: sheet(1) },
      'sheets:1',
    ];
    for (const fault of faults) expect(decodeFeedChange(fault).ok).toBe(false);
    expect(decodeFeedChange({ table: 'sheets', op: 'delete', id: '1', row: null }).ok).toBe(true);
  });

  it('refuses a page without its cursor or paging fields', () => {
    expect(decodeFeedPage({ changes: [] }).ok).toBe(false);
    expect(decodeFeedPage({ ...page(), has_more: 'no' }).ok).toBe(false);
    expect(decodeFeedPage({ ...page(), remaining: -1 }).ok).toBe(false);
    expect(decodeFeedPage(null).ok).toBe(false);
  });
});

describe('a pull that meets a refused page', () => {
  const answer = (data: unknown) => async () =>
    new Response(JSON.stringify({ data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  const deps = (db: ReturnType<typeof freshDb>, data: unknown) => ({
    db,
    fetch: answer(data),
    baseUrl: 'http://server',
    getToken: async () => 'token',
    now: () => 0,
    pageSize: 1000,
  });

  it('writes nothing of it, keeps the cursor and says which row and field', async () => {
    const db = freshDb('refused-page');
    await writeCompanySync(db, 1, { cursor: '5' });
    const bad = page(upsert(sheet(1)), upsert(renamed('version', 'v'), '2'));
    const result = await pullCompany(deps(db, bad), 1, () => {});
    expect(result).toEqual({
      kind: 'error',
      status: 200,
      message: 'HTTP 200: feed change 1: sheets 2: row.version: not a version',
    });
    expect(await db.table('sheets').count()).toBe(0);
    expect((await readCompanySync(db, 1)).cursor).toBe('5');
  });

  it('writes a page that decodes and moves the cursor past it', async () => {
    const db = freshDb('accepted-page');
    await writeCompanySync(db, 1, { cursor: '5' });
    const result = await pullCompany(deps(db, page(upsert(sheet(1)))), 1, () => {});
    expect(result).toEqual({ kind: 'done' });
    expect(await db.table('sheets').count()).toBe(1);
    expect((await readCompanySync(db, 1)).cursor).toBe('9');
  });
});
