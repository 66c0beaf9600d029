// The purchase list /inquiry-quotation/list?sheetType= (purchasing-core §2.2, issue 6 item 1),
// read from the device only: the six list types with their breadcrumb, the inquiry table (or the
// order table on the order tabs) with sortable headers, the server's quick-search form (kept for
// offline use), "共 N 条，当前 M 条", page sizes and infinite scroll, the row click rules and the
// 创建采购单 button. On a phone the rows are cards.
import { Button, Collapse, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter, IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useSession } from '../../../app/session/useSession';
import type { SheetListRow } from '../../../data/sheetListQuery';
import { SHEET_FILTER_KEYS } from '../../../domain/list/listFilters';
import { resetListQuery } from '../../../domain/list/listQuery';
import { headerSort, SHEET_SORT_KEY_OF_COLUMN, sheetListSort } from '../../../domain/list/listSort';
import { LIST_TEXT, PURCHASE_COLUMN_LABELS } from '../../../domain/list/listText';
import {
  purchaseRowTarget,
  SHEET_LIST_TYPE_INFO,
  SHEET_LIST_TYPES,
  type SheetListType,
  searchFieldVisible,
} from '../../../domain/purchase/listTypes';
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
import { PurchaseCard, purchaseColumns, purchaseRowVersion } from './purchaseColumns';
import { usePurchaseRows } from './usePurchaseRows';

const PATH = '/inquiry-quotation/list';
const SEARCH_FORM_PATH = '/inquiry-api/v7/inquiry_quotation/search_form';
/** The detail page; without an id it is the create form (§2.3). */
const DETAIL_PATH = '/inquiry-quotation/detail';

const TABS = SHEET_LIST_TYPES.map((value) => ({
  value,
  label: SHEET_LIST_TYPE_INFO[value].breadcrumb,
}));

export function PurchaseList({ search }: { search: ListSearch & { sheetType: SheetListType } }) {
  const { account, currentCompany } = useSession();
  const navigate = useNavigate();
  const phone = usePhone();
  const [filtersOpen, filters] = useDisclosure(false);
  const listType = search.sheetType;
  const timeZone = account.timezone;
  const state = useListState(PATH, search);
  const { query } = state;
  const rows = usePurchaseRows(currentCompany.id, listType, query, timeZone);
  const fields = useSearchForm({
    path: SEARCH_FORM_PATH,
    query: { sheetType: listType },
    key: `purchase:${currentCompany.id}:${listType}`,
    shows: (key) =>
      (SHEET_FILTER_KEYS as readonly string[]).includes(key) && searchFieldVisible(listType, key),
  });
  const columns = useMemo(() => purchaseColumns(listType, timeZone), [listType, timeZone]);
  const loaded = Math.min(rows.total ?? 0, query.pageNum * query.pageSize);
  const sort = sheetListSort(query, listType);

  const open = ({ sheet }: SheetListRow, index: number) => {
    const filter = listFilterParam(query);
    const target = purchaseRowTarget({
      listType,
      id: sheet.id,
      orderId: sheet.order?.id ?? null,
      index,
      filter,
    });
    const pageNumber = pageNumberOf(index);
    void navigate({
      href:
        target.path === DETAIL_PATH
          ? href(target.path, { ...target.search, sheetType: listType, pageNumber })
          : href(target.path, { ...target.search, pageNumber }),
    });
  };
  const create = (
    <Button
      component="a"
      href={DETAIL_PATH}
      onClick={(event) => {
        event.preventDefault();
        void navigate({ href: DETAIL_PATH });
      }}
      leftSection={<IconPlus size={16} />}
      size={phone ? 'xs' : 'sm'}
    >
      {LIST_TEXT.CREATE_SHEET}
    </Button>
  );
  const form = (
    <QuickSearchForm
      fields={fields}
      filters={query.filters}
      onSearch={state.search}
      onReset={state.reset}
    />
  );
  const label = `${LIST_TEXT.PURCHASE_ROOT} ${SHEET_LIST_TYPE_INFO[listType].breadcrumb}`;

  return (
    <Stack gap="sm">
      <ListHeader
        root={{
          label: LIST_TEXT.PURCHASE_ROOT,
          href: `${PATH}?sheetType=ALL`,
          onOpen: () => state.go(resetListQuery({ ...query, sheetType: 'ALL' })),
        }}
        tabs={TABS}
        current={listType}
        onTab={(sheetType) => state.go(resetListQuery({ ...query, sheetType }))}
        action={create}
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
            options: SHEET_LIST_TYPE_INFO[listType].columns.flatMap((column) =>
              column === 'index'
                ? []
                : [
                    {
                      key: SHEET_SORT_KEY_OF_COLUMN[column],
                      label: PURCHASE_COLUMN_LABELS[column],
                    },
                  ],
            ),
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
          versionOf={purchaseRowVersion}
          label={label}
          renderCard={(row, index) => (
            <PurchaseCard row={row} index={index} listType={listType} timeZone={timeZone} />
          )}
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
          versionOf={purchaseRowVersion}
          label={label}
        />
      )}
    </Stack>
  );
}
