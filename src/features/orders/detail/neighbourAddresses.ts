// Previous/next of a sheet or order detail opened from a list row: the rows beside `index` in the
// list the row was on — its tab, sort and quick-search filters, carried in `filter` — read with the
// list's own local query (src/data/lists/sheetListQuery.ts, orderListQuery.ts), as the addresses their
// row clicks open (domain/orders/detailPaging.ts), with index and pageNumber (pages of 50).
import type { PurchasingDb } from '../../../data/db';
import { orderListWindow } from '../../../data/lists/orderListQuery';
import { sheetListWindow } from '../../../data/lists/sheetListQuery';
import {
  type DetailOrigin,
  detailNeighbours,
  neighbourWindow,
  type PagedRow,
} from '../../../domain/orders/detailPaging';
import { href, listFilterParam } from '../../lists/listLinks';

export interface Neighbours {
  previous: string | null;
  next: string | null;
}

export interface NeighbourWhere {
  companyId: number;
  /** The user's timezone: a date filter means whole days there. */
  timeZone: string;
  origin: DetailOrigin;
  /** The list state the row click carried; empty when the address held none. */
  filter: string;
}

/** The rows around `index` (the one before, itself, the one after) and the list's length. */
async function readWindow(
  db: PurchasingDb,
  { companyId, timeZone, origin }: NeighbourWhere,
  index: number,
): Promise<{ rows: PagedRow[]; total: number }> {
  const window = { companyId, timeZone, query: origin.query, ...neighbourWindow(index) };
  if (origin.list === 'orders') {
    const { rows, total } = await orderListWindow(db, { ...window, tab: origin.orderType });
    return { rows: rows.map((order) => ({ id: order.id })), total };
  }
  const { rows, total } = await sheetListWindow(db, { ...window, listType: origin.sheetType });
  return { rows: rows.map(({ sheet }) => ({ id: sheet.id, orderId: sheet.order?.id })), total };
}

export async function neighbourAddresses(
  db: PurchasingDb,
  where: NeighbourWhere,
  index: number,
): Promise<Neighbours> {
  const window = await readWindow(db, where, index);
  // A neighbour keeps the list it belongs to, even when this address named it by type only.
  const filter = where.filter || listFilterParam(where.origin.query);
  const found = detailNeighbours(where.origin, index, window, filter);
  return {
    previous: found.previous && href(found.previous.path, found.previous.search),
    next: found.next && href(found.next.path, found.next.search),
  };
}
