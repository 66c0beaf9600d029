// The desktop list (purchasing-core §2.2, §2.5): a table window-height-minus-300 high whose body
// renders only the rows in view (@tanstack/react-virtual, spacer rows above and below), a sticky
// header whose sortable labels cycle the sort, and infinite scroll: near the bottom (100 px)
// while more rows remain, the next page is loaded. Rows are plain elements and memoized by their
// row's version, so scrolling renders only the rows that come into view.
import { UnstyledButton } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { type Rect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useRef } from 'react';
import type { SortDirection } from '../../domain/list/listSort';
import { LIST_TEXT } from '../../domain/list/listText';
import { tableHeight } from '../../domain/list/paging';
import classes from './lists.module.css';
import type { ScrollTarget } from './useListState';
import type { ListRows } from './useListWindow';
import { useWindowHeight } from './useWindowHeight';
import { keyboardOpen, sameShownRow, useScrollTarget, useVirtualRows } from './virtualRows';

export interface Column<T> {
  key: string;
  header: string;
  /** The sort key its header cycles; none: the header does not sort. */
  sortKey?: string;
  width: number;
  render(row: T, index: number): ReactNode;
}

/** The columns `names` of a list, from its tables of labels, widths and sort keys. */
export function tableColumns<C extends string, T>(
  names: readonly C[],
  parts: {
    labels: Readonly<Record<C, string>>;
    widths: Readonly<Record<C, number>>;
    sortKeys: Readonly<Partial<Record<C, string>>>;
    cell(column: C, row: T, index: number): ReactNode;
  },
): Column<T>[] {
  return names.map((column) => {
    const sortKey = parts.sortKeys[column];
    return {
      key: column,
      header: parts.labels[column],
      ...(sortKey === undefined ? {} : { sortKey }),
      width: parts.widths[column],
      render: (row, index) => parts.cell(column, row, index),
    };
  });
}

export interface ListTableProps<T> {
  columns: readonly Column<T>[];
  rows: ListRows<T>;
  /** Rows loaded so far (the infinite scroll's pages); the table is this long. */
  loaded: number;
  sortOf(key: string): SortDirection | null;
  onSort(key: string): void;
  onLoadMore(): void;
  /** The pager's jump: the row to show at the top. */
  scrollTo?: ScrollTarget | null;
  /** Told the row at the top of the view when it changes (the pager's current page). */
  onTopRow?(index: number): void;
  onOpen(row: T, index: number): void;
  /** Changes whenever what a row shows changes (id, version, pending mark). */
  versionOf(row: T): string;
  /** Rows shown greyed out (cancelled orders are styled apart, §2.5). */
  dimmed?(row: T): boolean;
  label: string;
}

export const ROW_HEIGHT = 44;
/** The lowest the table gets on a short window. */
const MIN_HEIGHT = 240;

/**
 * The box's size as the ResizeObserver reports it, after layout. The virtualizer's own observer
 * also reads it at once when the table mounts, which forces a layout of the page on every route
 * change; the first render uses `initialRect` instead.
 */
function observeBox(instance: Virtualizer<HTMLDivElement, Element>, report: (rect: Rect) => void) {
  const element = instance.scrollElement;
  if (!element) return;
  const observer = new ResizeObserver(() =>
    report({ width: element.clientWidth, height: element.clientHeight }),
  );
  observer.observe(element);
  return () => observer.disconnect();
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  if (direction === 'asc') return <IconArrowUp size={14} aria-label={LIST_TEXT.ASCENDING} />;
  if (direction === 'desc') return <IconArrowDown size={14} aria-label={LIST_TEXT.DESCENDING} />;
  return <IconArrowsSort size={14} opacity={0.4} aria-hidden />;
}

interface HeaderProps<T> {
  columns: readonly Column<T>[];
  sortOf(key: string): SortDirection | null;
  onSort(key: string): void;
}

/** The sticky header; rendered again only when the columns or the sort change. */
const TableHeader = memo(function TableHeader<T>({ columns, sortOf, onSort }: HeaderProps<T>) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const direction = column.sortKey ? sortOf(column.sortKey) : null;
          const { sortKey } = column;
          return (
            <th
              key={column.key}
              className={classes.th}
              aria-sort={
                direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
              }
            >
              {sortKey ? (
                <UnstyledButton onClick={() => onSort(sortKey)} className={classes.sort}>
                  {column.header}
                  <SortIcon direction={direction} />
                </UnstyledButton>
              ) : (
                column.header
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}) as <T>(props: HeaderProps<T>) => ReactNode;

interface RowProps<T> {
  row: T | undefined;
  version: string;
  index: number;
  columns: readonly Column<T>[];
  dimmed: boolean;
  open(row: T, index: number): void;
}

function TableRow<T>({ row, index, columns, dimmed, open }: RowProps<T>) {
  return (
    <tr
      className={classes.row}
      aria-rowindex={index + 2}
      onClick={row === undefined ? undefined : () => open(row, index)}
      {...(row !== undefined && keyboardOpen(() => open(row, index)))}
      data-testid="list-row"
      data-dimmed={dimmed || undefined}
      data-loading={row === undefined || undefined}
    >
      {columns.map((column) => (
        <td key={column.key} className={classes.td}>
          {row === undefined ? <span className={classes.placeholder} /> : column.render(row, index)}
        </td>
      ))}
    </tr>
  );
}

const MemoRow = memo(
  TableRow,
  (a, b) => a.columns === b.columns && sameShownRow(a, b),
) as typeof TableRow;

function ListTableImpl<T>(props: ListTableProps<T>) {
  const { columns, rows, loaded, sortOf, onSort, onLoadMore, versionOf, dimmed, label } = props;
  const viewport = useWindowHeight();
  const scroller = useRef<HTMLDivElement>(null);
  const height = Math.max(tableHeight(viewport), MIN_HEIGHT);
  const virtualizer = useVirtualizer({
    count: loaded,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 4,
    initialRect: { width: window.innerWidth, height },
    observeElementRect: observeBox,
  });
  const items = virtualizer.getVirtualItems();
  // Reading the box's layout in a scroll handler would force a layout of the table on every
  // scroll event: the virtualizer's figures say where it is.
  const scroll = {
    offset: virtualizer.scrollOffset ?? 0,
    viewport: height,
    content: virtualizer.getTotalSize() + ROW_HEIGHT,
  };
  // Below the sticky header, row i is at the top of the view when the box is scrolled by i rows;
  // scrolled to the end of the whole list, the last row's page is the current one (a short last
  // page never reaches the top).
  const atEnd = loaded >= (rows.total ?? 0) && scroll.offset + height >= scroll.content - 1;
  const top = {
    index: atEnd ? loaded - 1 : Math.floor(scroll.offset / ROW_HEIGHT),
    report: props.onTopRow,
  };
  useVirtualRows(rows, items, scroll, loaded, onLoadMore, top);
  useScrollTarget(virtualizer, props.scrollTo, loaded);
  // One function for every row, calling the screen's latest: the rows keep their memo.
  const open = useCallbackRef(props.onOpen);

  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const width = columns.reduce((sum, column) => sum + column.width, 0);

  return (
    <div ref={scroller} className={classes.scroller} style={{ height }} data-testid="list-scroller">
      <table className={classes.table} style={{ width, minWidth: '100%' }} aria-label={label}>
        <colgroup>
          {columns.map((column) => (
            <col key={column.key} style={{ width: column.width }} />
          ))}
        </colgroup>
        <TableHeader columns={columns} sortOf={sortOf} onSort={onSort} />
        <tbody>
          {before > 0 && <tr style={{ height: before }} aria-hidden />}
          {items.map((item) => {
            const row = rows.rowAt(item.index);
            return (
              <MemoRow
                key={item.key}
                row={row}
                version={row === undefined ? '' : versionOf(row)}
                index={item.index}
                columns={columns}
                dimmed={row !== undefined && (dimmed?.(row) ?? false)}
                open={open}
              />
            );
          })}
          {after > 0 && <tr style={{ height: after }} aria-hidden />}
        </tbody>
      </table>
      {rows.total === 0 && <div className={classes.empty}>{LIST_TEXT.EMPTY}</div>}
    </div>
  );
}

/** Rendered again when its rows, columns or sort change, not when the screen around it does. */
export const ListTable = memo(ListTableImpl) as typeof ListTableImpl;
