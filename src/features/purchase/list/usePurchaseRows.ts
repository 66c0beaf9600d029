// The purchase list's rows on screen, read live from the local database (src/data/sheetListQuery.ts):
// the tab, its sort and filters; the page count only lengthens the list, it never re-reads it.
import { useLocalDb } from '../../../app/sync/useLocalDb';
import { type SheetListRow, sheetListWindow } from '../../../data/sheetListQuery';
import type { ListQuery } from '../../../domain/list/listQuery';
import type { SheetListType } from '../../../domain/purchase/listTypes';
import { type ListRows, useListWindow } from '../../lists/useListWindow';

export function usePurchaseRows(
  companyId: number,
  listType: SheetListType,
  query: ListQuery,
  timeZone: string,
): ListRows<SheetListRow> {
  const db = useLocalDb();
  const { filters, filterKey, filterSort } = query;
  return useListWindow(
    (offset, limit) => sheetListWindow(db, { companyId, listType, query, timeZone, offset, limit }),
    [db, companyId, listType, JSON.stringify(filters), filterKey, filterSort, timeZone],
  );
}
