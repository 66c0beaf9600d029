// The order list's rows on screen, read live from the local database (src/data/orderListQuery.ts):
// the tab, its sort and filters; the page count only lengthens the list, it never re-reads it.
import { useLocalDb } from '../../../app/sync/useLocalDb';
import type { StoredOrder } from '../../../data/derive';
import { orderListWindow } from '../../../data/orderListQuery';
import type { ListQuery } from '../../../domain/list/listQuery';
import type { OrderTab } from '../../../domain/orders/orderTabs';
import { type ListRows, useListWindow } from '../../lists/useListWindow';

export function useOrderRows(
  companyId: number,
  tab: OrderTab,
  query: ListQuery,
  timeZone: string,
): ListRows<StoredOrder> {
  const db = useLocalDb();
  const { filters, filterKey, filterSort } = query;
  return useListWindow(
    (offset, limit) => orderListWindow(db, { companyId, tab, query, timeZone, offset, limit }),
    [db, companyId, tab, JSON.stringify(filters), filterKey, filterSort, timeZone],
  );
}
