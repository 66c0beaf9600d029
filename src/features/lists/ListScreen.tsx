// One list screen for the purchase list and the order list (purchasing-core §2.2, §2.5), read from
// the device only: the breadcrumb and the tabs of the list types, the server's quick-search form
// (kept for offline use), "共 N 条，当前 M 条" with the page size and the pager, the table with
// sortable headers and infinite scroll, or cards with a sort choice on a phone, and the row click.
// What differs between the two lists is their `ListKind` (purchase/list/PurchaseList.tsx,
// orders/list/OrderList.tsx).
import { Button, Collapse, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type ComponentType, memo, useCallback, useMemo, useState } from 'react';
import type { PurchasingDb } from '../../data/db';
import type { ListWindow } from '../../data/lists/listStreams';
import { exportStamp, safeFileName } from '../../domain/export/exportTable';
import { type ListQuery, resetListQuery } from '../../domain/list/listQuery';
import { headerSort, type ListSort } from '../../domain/list/listSort';
import { LIST_TEXT } from '../../domain/list/listText';
import { pageOfRow } from '../../domain/list/paging';
import { useSession } from '../../platform/session/useSession';
import { useLocalDb } from '../../platform/sync/useLocalDb';
import { ExportMenu } from '../export/ExportMenu';
import type { ExportFormat, ExportRequest, ExportTarget } from '../export/exportFile';
import { ListCards } from './ListCards';
import { ListHeader, type ListTab } from './ListHeader';
import { ListPager } from './ListPager';
import { type Column, ListTable } from './ListTable';
import { ListToolbar } from './ListToolbar';
import { listFilterParam } from './listLinks';
import type { ListSearch } from './listSearch';
import { QuickSearchForm } from './QuickSearchForm';
import { type ListPath, useListState } from './useListState';
import { useListWindow } from './useListWindow';
import { usePhone } from './usePhone';
import { type SearchFormRoute, useSearchForm } from './useSearchForm';

/** What the screen reads: one window of the list of type `type`. */
export interface ListRead<V extends string> {
  companyId: number;
  type: V;
  query: ListQuery;
  timeZone: string;
  offset: number;
  limit: number;
}

/** The parts of one list: its address, tabs, form, rows, columns, cards and row click. */
export interface ListKind<T, V extends string> {
  path: ListPath;
  /** The breadcrumb's first part, leading to the list's ALL tab. */
  root: string;
  /** The address parameter naming the tab. */
  param: 'sheetType' | 'orderType';
  tabs: readonly ListTab<V>[];
  /** The server's quick-search form (docs/api.md) and the name its kept copies start with. */
  searchForm: { route: SearchFormRoute; key: string; shows(field: string, type: V): boolean };
  read(db: PurchasingDb, request: ListRead<V>): Promise<ListWindow<T>>;
  /** Whether `read` is a few reads of an index (no filter, an indexed sort): see useListWindow. */
  direct(query: ListQuery, type: V, timeZone: string): boolean;
  columns(type: V, timeZone: string): Column<T>[];
  /** The phone's sort choice: the sortable columns. */
  sortOptions(type: V): ReadonlyArray<{ key: string; label: string }>;
  sort(query: ListQuery, type: V): ListSort<string>;
  /** Changes whenever what a row shows changes (id, version, pending mark). */
  versionOf(row: T): string;
  /** Rows shown greyed out (cancelled orders, §2.5). */
  dimmed?(row: T): boolean;
  Card: ComponentType<{ row: T; index: number; type: V; timeZone: string }>;
  /** The address a row opens; `filter` is the list's own state (listLinks.ts). */
  target(row: T, index: number, type: V, filter: string): string;
  /** The header's button, if the list has one. */
  Action?: ComponentType<{ phone: boolean }>;
  /** What the 导出 menu exports: this tab with the screen's filters and sort. */
  exportOf(type: V, query: ListQuery): ExportTarget;
}

export interface ListScreenProps<T, V extends string> {
  kind: ListKind<T, V>;
  type: V;
  search: ListSearch;
}

function ListScreenImpl<T, V extends string>({ kind, type, search }: ListScreenProps<T, V>) {
  const { account, currentCompany } = useSession();
  const db = useLocalDb();
  const navigate = useNavigate();
  const phone = usePhone();
  const [filtersOpen, filters] = useDisclosure(false);
  const timeZone = account.timezone;
  const companyId = currentCompany.id;
  const state = useListState(kind.path, search);
  const { query, go } = state;
  const rows = useListWindow({
    read: (offset, limit) => kind.read(db, { companyId, type, query, timeZone, offset, limit }),
    deps: [
      db,
      kind,
      companyId,
      type,
      JSON.stringify(query.filters),
      query.filterKey,
      query.filterSort,
      timeZone,
    ],
    versionOf: kind.versionOf,
    readEarly: kind.direct(query, type, timeZone),
  });
  const allFields = useSearchForm(
    {
      route: kind.searchForm.route,
      query: { [kind.param]: type },
      key: `${kind.searchForm.key}:${companyId}:${type}`,
    },
    rows.total !== undefined,
  );
  // Only the fields the local list applies: a key a newer server adds waits for this app to learn it.
  const fields = useMemo(
    () => allFields?.filter((field) => kind.searchForm.shows(field.key, type)) ?? null,
    [allFields, kind, type],
  );
  const columns = useMemo(() => kind.columns(type, timeZone), [kind, type, timeZone]);
  const loaded = Math.min(rows.total ?? 0, state.pages * query.pageSize);
  // The pager's current page: the one whose row is at the top of the view.
  const [topPage, setTopPage] = useState(state.pages);
  const onTopRow = useCallback(
    (index: number) => setTopPage(pageOfRow(index, query.pageSize)),
    [query.pageSize],
  );
  const label = `${kind.root} ${kind.tabs.find((tab) => tab.value === type)?.label ?? ''}`;
  const exportRequest = useMemo(() => {
    if (!rows.total) return null;
    return (format: ExportFormat): ExportRequest => ({
      ...kind.exportOf(type, query),
      database: db.name,
      companyId,
      timeZone,
      format,
      fileName: safeFileName(`${label.replace(/ /g, '-')}-${exportStamp(Date.now(), timeZone)}`),
      sheet: label,
    });
  }, [rows.total, kind, type, query, db, companyId, timeZone, label]);
  // One element while the request stays the same: ListToolbar is memoised, and the screen renders
  // again on every page the scroll passes.
  const tools = useMemo(() => <ExportMenu request={exportRequest} />, [exportRequest]);

  const onTab = useCallback(
    (value: V | 'ALL') => go(resetListQuery({ ...query, [kind.param]: value })),
    [go, query, kind],
  );
  const onRoot = useCallback(() => onTab('ALL'), [onTab]);
  const open = useCallback(
    (row: T, index: number) =>
      void navigate({ href: kind.target(row, index, type, listFilterParam(query)) }),
    [navigate, kind, type, query],
  );
  const { Card } = kind;
  const renderCard = useCallback(
    (row: T, index: number) => <Card row={row} index={index} type={type} timeZone={timeZone} />,
    [Card, type, timeZone],
  );
  const sort = useMemo(() => {
    if (!phone) return undefined;
    const { key, direction } = kind.sort(query, type);
    return { options: kind.sortOptions(type), key, direction, onChange: state.sortBy };
  }, [phone, kind, query, type, state.sortBy]);
  const sortOf = useCallback((key: string) => headerSort(query, key), [query]);
  const form = (
    <QuickSearchForm
      fields={fields}
      filters={query.filters}
      onSearch={state.search}
      onReset={state.reset}
      ready={rows.total !== undefined}
      timeZone={timeZone}
    />
  );

  return (
    <Stack gap="sm">
      <ListHeader
        root={kind.root}
        rootHref={`${kind.path}?${kind.param}=ALL`}
        onRoot={onRoot}
        tabs={kind.tabs}
        current={type}
        onTab={onTab}
        action={kind.Action}
        phone={phone}
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
        {...(sort && { sort })}
        tools={tools}
        pager={
          rows.total !== undefined && (
            <ListPager
              total={rows.total}
              pageSize={query.pageSize}
              page={topPage}
              onPage={state.jumpTo}
              compact={phone}
            />
          )
        }
      />
      {phone ? (
        <ListCards
          rows={rows}
          loaded={loaded}
          onLoadMore={state.loadMore}
          scrollTo={state.scrollTarget}
          onTopRow={onTopRow}
          onOpen={open}
          versionOf={kind.versionOf}
          label={label}
          {...(kind.dimmed && { dimmed: kind.dimmed })}
          renderCard={renderCard}
        />
      ) : (
        <ListTable
          columns={columns}
          rows={rows}
          loaded={loaded}
          sortOf={sortOf}
          onSort={state.sort}
          onLoadMore={state.loadMore}
          scrollTo={state.scrollTarget}
          onTopRow={onTopRow}
          onOpen={open}
          versionOf={kind.versionOf}
          label={label}
          {...(kind.dimmed && { dimmed: kind.dimmed })}
        />
      )}
    </Stack>
  );
}

/**
 * The screen renders again only when its own state or its address changes: the router renders
 * the page once more as a navigation settles, with an equal search of its own.
 */
export const ListScreen = memo(
  ListScreenImpl,
  (a, b) =>
    a.kind === b.kind && a.type === b.type && JSON.stringify(a.search) === JSON.stringify(b.search),
) as typeof ListScreenImpl;
