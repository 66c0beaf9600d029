// The order list /order/order/list?orderType= (purchasing-core §2.5, issue 6 item 4), read from the
// device only: the tabs with their breadcrumbs, the state filter codes of each tab (from the
// server's quick-search form, kept for offline use), the columns with cancelled orders greyed,
// sorting by the six keys, "共 N 条，当前 M 条", page sizes, infinite scroll and the row click to
// the order detail. On a phone the rows are cards.
import { Button, Collapse, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useSession } from '../../../app/session/useSession';
import type { StoredOrder } from '../../../data/derive';
import { ORDER_FILTER_KEYS } from '../../../domain/list/listFilters';
import { resetListQuery } from '../../../domain/list/listQuery';
import { headerSort, ORDER_SORT_KEY_OF_COLUMN, orderListSort } from '../../../domain/list/listSort';
import { LIST_TEXT, ORDER_COLUMN_LABELS } from '../../../domain/list/listText';
import {
  isCancelledOrder,
  ORDER_TAB_INFO,
  ORDER_TABS,
  type OrderTab,
  orderRowTarget,
} from '../../../domain/orders/orderTabs';
import type { ListSearch } from '../../../routes/searchParams';
import { ListCards } from '../../lists/ListCards';
import { ListHeader } from '../../lists/ListHeader';
import { ListTable } from '../../lists/ListTable';
import { ListToolbar } from '../../lists/ListToolbar';
import { href, listFilterParam, pageNumberOf } from '../../lists/listLinks';
import { QuickSearchForm } from '../../lists/QuickSearchForm';
import { useListState } from '../../lists/useListState';
import { usePhone } from '../../lists/usePhone';
import { useSearchForm } from '../../lists/useSearchForm';
import { OrderCard, orderColumns, orderRowVersion } from './orderColumns';
import { useOrderRows } from './useOrderRows';

const PATH = '/order/order/list';
const SEARCH_FORM_PATH = '/orders-api/v7/orders/search_form';

const TABS = ORDER_TABS.map((value) => ({ value, label: ORDER_TAB_INFO[value].breadcrumb }));

const SORT_OPTIONS = Object.entries(ORDER_SORT_KEY_OF_COLUMN).map(([column, key]) => ({
  key,
  label: ORDER_COLUMN_LABELS[column as keyof typeof ORDER_COLUMN_LABELS],
}));

export function OrderList({ search }: { search: ListSearch & { orderType: OrderTab } }) {
  const { account, currentCompany } = useSession();
  const navigate = useNavigate();
  const phone = usePhone();
  const [filtersOpen, filters] = useDisclosure(false);
  const tab = search.orderType;
  const timeZone = account.timezone;
  const state = useListState(PATH, search);
  const { query } = state;
  const rows = useOrderRows(currentCompany.id, tab, query, timeZone);
  const fields = useSearchForm({
    path: SEARCH_FORM_PATH,
    query: { orderType: tab },
    key: `orders:${currentCompany.id}:${tab}`,
    shows: (key) => (ORDER_FILTER_KEYS as readonly string[]).includes(key),
  });
  const columns = useMemo(() => orderColumns(timeZone), [timeZone]);
  const loaded = Math.min(rows.total ?? 0, query.pageNum * query.pageSize);
  const sort = orderListSort(query);

  const open = (order: StoredOrder, index: number) => {
    const target = orderRowTarget({
      id: order.id,
      orderType: tab,
      index,
      filter: listFilterParam(query),
    });
    void navigate({
      href: href(target.path, {
        ...target.search,
        module_number: order.name,
        pageNumber: pageNumberOf(index),
      }),
    });
  };
  const form = (
    <QuickSearchForm
      fields={fields}
      filters={query.filters}
      onSearch={state.search}
      onReset={state.reset}
    />
  );
  const label = `${LIST_TEXT.ORDER_ROOT} ${ORDER_TAB_INFO[tab].breadcrumb}`;

  return (
    <Stack gap="sm">
      <ListHeader
        root={{
          label: LIST_TEXT.ORDER_ROOT,
          href: `${PATH}?orderType=ALL`,
          onOpen: () => state.go(resetListQuery({ ...query, orderType: 'ALL' })),
        }}
        tabs={TABS}
        current={tab}
        onTab={(orderType) => state.go(resetListQuery({ ...query, orderType }))}
      />
      {phone ? (
        <>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconFilter size={14} />}
            onClick={filters.toggle}
            aria-expanded={filtersOpen}
          >
            {LIST_TEXT.FILTERS}
          </Button>
          <Collapse expanded={filtersOpen}>{form}</Collapse>
        </>
      ) : (
        form
      )}
      <ListToolbar
        total={rows.total}
        loaded={loaded}
        pageSize={query.pageSize}
        onPageSize={state.setPageSize}
        {...(phone && {
          sort: {
            options: SORT_OPTIONS,
            key: sort.key,
            direction: sort.direction,
            onChange: state.sortBy,
          },
        })}
      />
      {phone ? (
        <ListCards
          rows={rows}
          loaded={loaded}
          onLoadMore={state.loadMore}
          onOpen={open}
          versionOf={orderRowVersion}
          label={label}
          dimmed={(order) => isCancelledOrder(order)}
          renderCard={(order) => <OrderCard order={order} timeZone={timeZone} />}
        />
      ) : (
        <ListTable
          columns={columns}
          rows={rows}
          loaded={loaded}
          sortOf={(key) => headerSort(query, key)}
          onSort={state.sort}
          onLoadMore={state.loadMore}
          onOpen={open}
          versionOf={orderRowVersion}
          label={label}
          dimmed={(order) => isCancelledOrder(order)}
        />
      )}
    </Stack>
  );
}
