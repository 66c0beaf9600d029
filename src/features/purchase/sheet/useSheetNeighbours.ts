// Previous/next on the sheet detail (purchasing-core §2.3, settings-messaging-shared §2 "Detail and
// list paging"): the sheets beside `index` in the list the detail was opened from — its tab, sort
// and quick-search filters, carried in `filter` — read with the same local query the list reads
// (src/data/sheetListQuery.ts), in pages of 50 (DETAIL_PAGE_SIZE): the neighbour is row
// `indexInPage` of page `pageNumber`, and both go into its address with its id.
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalDb } from '../../../app/sync/useLocalDb';
import type { PurchasingDb } from '../../../data/db';
import { sheetListWindow } from '../../../data/sheetListQuery';
import {
  DETAIL_PAGE_SIZE,
  neighbourPosition,
  type PagingDirection,
} from '../../../domain/list/paging';
import { purchaseListOrigin } from '../../../domain/orders/detailPaging';
import type { SheetListType } from '../../../domain/purchase/listTypes';

export interface SheetNeighbour {
  id: number;
  index: number;
  pageNumber: number;
}

export interface SheetNeighbours {
  previous: SheetNeighbour | null;
  next: SheetNeighbour | null;
}

const NONE: SheetNeighbours = { previous: null, next: null };

interface ListOrigin {
  companyId: number;
  listType: SheetListType;
  filter: string | undefined;
  /** The user's timezone: a date filter means whole days there. */
  timeZone: string;
}

async function neighbour(
  db: PurchasingDb,
  origin: ListOrigin,
  index: number,
  direction: PagingDirection,
): Promise<SheetNeighbour | null> {
  const { query } = purchaseListOrigin(origin.listType, origin.filter);
  const read = (offset: number, limit: number) =>
    sheetListWindow(db, {
      companyId: origin.companyId,
      listType: origin.listType,
      query,
      timeZone: origin.timeZone,
      offset,
      limit,
    });
  const { total } = await read(0, 1);
  const position = neighbourPosition(index, direction, total, DETAIL_PAGE_SIZE);
  if (position === null) return null;
  const page = await read((position.pageNumber - 1) * DETAIL_PAGE_SIZE, DETAIL_PAGE_SIZE);
  const row = page.rows[position.indexInPage];
  return row ? { id: row.sheet.id, index: position.index, pageNumber: position.pageNumber } : null;
}

/** Nothing to page through when the detail was not opened from a list row (no index). */
export function useSheetNeighbours(origin: ListOrigin, index: number | undefined): SheetNeighbours {
  const db = useLocalDb();
  const { companyId, listType, filter, timeZone } = origin;
  return (
    useLiveQuery(async () => {
      if (index === undefined) return NONE;
      const where = { companyId, listType, filter, timeZone };
      try {
        return {
          previous: await neighbour(db, where, index, 'previous'),
          next: await neighbour(db, where, index, 'next'),
        };
      } catch (error) {
        // The sheet itself is readable: a list that cannot be read leaves paging off, and the
        // page stays (a failed live query would replace the whole page with the error screen).
        console.error('sheet detail paging: the list could not be read', error);
        return NONE;
      }
    }, [db, companyId, listType, filter, timeZone, index]) ?? NONE
  );
}
