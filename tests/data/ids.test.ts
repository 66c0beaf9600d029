import './rows';
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import type { PurchasingDb } from '../../src/data/db';
import { readServerIds, serverIdOf, withServerIds } from '../../src/data/ids';
import { writeIdMapPairs } from '../../src/data/meta';
import { freshDb } from './rows';

const opened: PurchasingDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete({ disableAutoOpen: true });
});
const db = () => {
  const made = freshDb('ids');
  opened.push(made);
  return made;
};

describe('serverIdOf', () => {
  it('gives a temporary id’s server id once known, a server id as it is, else null', async () => {
    const local = db();
    await writeIdMapPairs(local, [[-3, 1234]]);
    expect(await serverIdOf(local, -3)).toBe(1234);
    expect(await serverIdOf(local, -4)).toBeNull();
    expect(await serverIdOf(local, 77)).toBe(77);
    expect(await readServerIds(local)).toEqual(new Map([[-3, 1234]]));
  });

  it('runs again inside a liveQuery when the create is answered', async () => {
    const local = db();
    const seen: Array<number | null> = [];
    const subscription = liveQuery(() => serverIdOf(local, -5)).subscribe((id) => seen.push(id));
    try {
      await expect.poll(() => seen).toEqual([null]);
      await local.transaction('rw', local.meta, () => writeIdMapPairs(local, [[-5, 99]]));
      await expect.poll(() => seen).toEqual([null, 99]);
    } finally {
      subscription.unsubscribe();
    }
  });
});

describe('withServerIds', () => {
  const map = new Map([
    [-3, 1234],
    [-8, 56],
  ]);

  it('replaces known temporary ids, as numbers or as text, and leaves the rest', () => {
    expect(withServerIds({ id: -3, sheetId: '-8', tab: 'lines', page: 2, other: -9 }, map)).toEqual(
      { id: 1234, sheetId: '56', tab: 'lines', page: 2, other: -9 },
    );
  });

  it('returns the same object when nothing changes, so the page does not navigate', () => {
    const search = { id: -9, name: '-3x', flag: true, nested: { id: -3 } };
    expect(withServerIds(search, map)).toBe(search);
  });
});
