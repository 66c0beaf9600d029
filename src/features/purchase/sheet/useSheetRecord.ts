// The sheet a detail address names, read live from the local database: the sheet itself; or,
// for a sheet created offline whose create has been answered since, the server id its address
// must switch to (src/data/ids.ts); or the company's order of that id (the page then redirects,
// §2.3); or nothing on this device.
import { useLiveQuery } from 'dexie-react-hooks';
import type { StoredSheet } from '../../../data/derive';
import { serverIdOf } from '../../../data/ids';
import { useLocalDb } from '../../../platform/sync/useLocalDb';

export type SheetRecord =
  | { status: 'loading' }
  | { status: 'sheet'; sheet: StoredSheet }
  | { status: 'moved'; serverId: number }
  | { status: 'order'; orderId: number }
  | { status: 'missing' };

export function useSheetRecord(companyId: number, id: number): SheetRecord {
  const db = useLocalDb();
  return (
    useLiveQuery(async (): Promise<SheetRecord> => {
      const serverId = await serverIdOf(db, id);
      if (serverId !== null && serverId !== id) return { status: 'moved', serverId };
      const sheet = await db.sheets.get([companyId, id]);
      if (sheet) return { status: 'sheet', sheet };
      if (await db.orders.get([companyId, id])) return { status: 'order', orderId: id };
      return { status: 'missing' };
    }, [db, companyId, id]) ?? { status: 'loading' }
  );
}
