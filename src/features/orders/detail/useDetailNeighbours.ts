// Previous/next of a detail page opened from a list row: the rows beside `index` in the same
// local list, read with the list's own queries (same filters, same sort), as the addresses to go
// to. Orders open the order detail; on the purchase list a neighbour opens whatever its row
// click opens (§2.2): the order detail for a sheet with an order, else the sheet detail.
import { useLiveQuery } from 'dexie-react-hooks';
import { useLocalDb } from '../../../app/sync/useLocalDb';
import type { PurchasingDb } from '../../../data/db';
import { orderListWindow } from '../../../data/orderListQuery';
import { sheetListWindow } from '../../../data/sheetListQuery';
import type { PagingDirection } from '../../../domain/list/paging';
import { type DetailOrigin, detailNeighbour } from '../../../domain/orders/detailPaging';
import { purchaseRowTarget } from '../../../domain/purchase/listTypes';

export interface Neighbours {
  previous: string | null;
  next: string | null;
}

const NONE: Neighbours = { previous: null, next: null };

function href(path: string, search: Record<string, string | number>): string {
  const params = new URLSearchParams();
  // The spec's plain form (`?id=12&index=3`); an empty value is left out (§2.2).
  for (const [key, value] of Object.entries(search)) {
    if (value !== '') params.set(key, String(value));
  }
  return `${path}?${params}`;
}

interface Where {
  companyId: number;
  timeZone: string;
  origin: DetailOrigin;
  filter: string;
}

/** The row at `index` of the list as the address it opens (given its page), and the list's length. */
async function rowAt(
  db: PurchasingDb,
  { companyId, timeZone, origin, filter }: Where,
  index: number,
): Promise<{ total: number; open(pageNumber: number): string | null }> {
  const window = { companyId, timeZone, query: origin.query, offset: index, limit: 1 };
  if (origin.list === 'orders') {
    const { rows, total } = await orderListWindow(db, { ...window, tab: origin.orderType });
    const [order] = rows;
    return {
      total,
      open: (pageNumber) =>
        order
          ? href('/order/order/detail', {
              orderType: origin.orderType,
              id: order.id,
              module: 'ORDER',
              index,
              pageNumber,
              filter,
            })
          : null,
    };
  }
  const { rows, total } = await sheetListWindow(db, { ...window, listType: origin.sheetType });
  const [row] = rows;
  return {
    total,
    open: (pageNumber) => {
      if (!row) return null;
      const target = purchaseRowTarget({
        listType: origin.sheetType,
        id: row.sheet.id,
        orderId: row.sheet.order?.id ?? null,
        index,
        filter,
      });
      return href(target.path, { ...target.search, pageNumber });
    },
  };
}

async function neighbour(
  db: PurchasingDb,
  where: Where,
  index: number,
  direction: PagingDirection,
): Promise<string | null> {
  const step = direction === 'next' ? index + 1 : index - 1;
  if (step < 0) return null;
  const row = await rowAt(db, where, step);
  const position = detailNeighbour(index, direction, row.total);
  return position && row.open(position.pageNumber);
}

/** Nothing to page through when the detail was not opened from a list row (no index). */
export function useDetailNeighbours(where: Where, index: number | undefined): Neighbours {
  const db = useLocalDb();
  const { companyId, timeZone, origin, filter } = where;
  return (
    useLiveQuery(async () => {
      if (index === undefined) return NONE;
      const at = { companyId, timeZone, origin, filter };
      return {
        previous: await neighbour(db, at, index, 'previous'),
        next: await neighbour(db, at, index, 'next'),
      };
    }, [db, companyId, timeZone, origin, filter, index]) ?? NONE
  );
}
