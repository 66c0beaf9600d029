// The order list /order/order/list?orderType= (purchasing-core §2.5): the tabs with
// their breadcrumbs, the state filter codes of each tab (from the server's quick-search form),
// the columns with cancelled orders greyed, sorting by the six keys and the row click to the
// order detail, as the parts of the shared list screen (src/features/lists/ListScreen.tsx).
import { APP_ROUTES } from '../../../contract/api/routes';
import type { StoredOrder } from '../../../data/derive';
import { orderListIsDirect, orderListWindow } from '../../../data/lists/orderListQuery';
import { ORDER_FILTER_KEYS } from '../../../domain/list/listFilters';
import { ORDER_SORT_KEY_OF_COLUMN, orderListSort } from '../../../domain/list/listSort';
import { LIST_TEXT, ORDER_COLUMN_LABELS } from '../../../domain/list/listText';
import {
  isCancelledOrder,
  ORDER_TAB_INFO,
  ORDER_TABS,
  type OrderTab,
  orderRowTarget,
} from '../../../domain/orders/orderTabs';
import { type ListKind, ListScreen } from '../../lists/ListScreen';
import { href, pageNumberOf } from '../../lists/listLinks';
import type { ListSearch } from '../../lists/listSearch';
import { OrderCard, orderColumns, orderRowVersion } from './orderColumns';

const SORT_OPTIONS = Object.entries(ORDER_SORT_KEY_OF_COLUMN).map(([column, key]) => ({
  key,
  label: ORDER_COLUMN_LABELS[column as keyof typeof ORDER_COLUMN_LABELS],
}));

const ORDER_LIST: ListKind<StoredOrder, OrderTab> = {
  path: '/order/order/list',
  root: LIST_TEXT.ORDER_ROOT,
  param: 'orderType',
  tabs: ORDER_TABS.map((value) => ({ value, label: ORDER_TAB_INFO[value].breadcrumb })),
  searchForm: {
    route: APP_ROUTES.orderSearchForm,
    key: 'orders',
    shows: (key) => (ORDER_FILTER_KEYS as readonly string[]).includes(key),
  },
  read: (db, { type, ...request }) => orderListWindow(db, { ...request, tab: type }),
  direct: (query, _tab, timeZone) => orderListIsDirect(query, timeZone),
  columns: (_tab, timeZone) => orderColumns(timeZone),
  sortOptions: () => SORT_OPTIONS,
  sort: (query) => orderListSort(query),
  versionOf: orderRowVersion,
  dimmed: isCancelledOrder,
  Card: OrderCard,
  exportOf: (tab, query) => ({ kind: 'orders', tab, query }),
  target: (order, index, tab, filter) => {
    const target = orderRowTarget({ id: order.id, orderType: tab, index, filter });
    return href(target.path, {
      ...target.search,
      module_number: order.name,
      pageNumber: pageNumberOf(index),
    });
  },
};

export function OrderList({ search }: { search: ListSearch & { orderType: OrderTab } }) {
  return <ListScreen kind={ORDER_LIST} type={search.orderType} search={search} />;
}
