// The phone list (issue 6 item 6): at 375 px each row is a card with its key fields, in the
// page's own scroll (a nested scroll box is awkward by touch). Only the cards in view are
// rendered (@tanstack/react-virtual on the window), memoized by their row's version; near the
// bottom (100 px) the next page loads.
import { Card, Skeleton, Stack, Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { LIST_TEXT } from '../../domain/list/listText';
import { shouldLoadMore } from '../../domain/list/paging';
import type { ListRows } from './useListWindow';
import { useWindowHeight } from './useWindowHeight';

export interface ListCardsProps<T> {
  rows: ListRows<T>;
  loaded: number;
  onLoadMore(): void;
  onOpen(row: T, index: number): void;
  renderCard(row: T, index: number): ReactNode;
  /** Changes whenever what a row shows changes (id, version, pending mark). */
  versionOf(row: T): string;
  /** Rows shown greyed out (cancelled orders are styled apart, §2.5). */
  dimmed?(row: T): boolean;
  label: string;
}

const CARD_HEIGHT = 150;
const GAP = 8;
const DIMMED = { color: 'var(--mantine-color-dimmed)', background: 'var(--mantine-color-gray-0)' };

interface CardProps<T> {
  row: T | undefined;
  version: string;
  index: number;
  dimmed: boolean;
  open(row: T, index: number): void;
  render(row: T, index: number): ReactNode;
}

function RowCard<T>({ row, index, dimmed, open, render }: CardProps<T>) {
  return (
    <Card
      withBorder
      padding="sm"
      onClick={row === undefined ? undefined : () => open(row, index)}
      style={{ cursor: 'pointer', ...(dimmed ? DIMMED : {}) }}
      data-testid="list-card"
      data-dimmed={dimmed || undefined}
    >
      {row === undefined ? (
        <Stack gap="xs">
          <Skeleton h={14} w="60%" />
          <Skeleton h={12} />
          <Skeleton h={12} w="80%" />
        </Stack>
      ) : (
        render(row, index)
      )}
    </Card>
  );
}

const MemoCard = memo(
  RowCard,
  (a, b) =>
    a.version === b.version &&
    a.index === b.index &&
    a.dimmed === b.dimmed &&
    (a.row === undefined) === (b.row === undefined),
) as typeof RowCard;

export function ListCards<T>(props: ListCardsProps<T>) {
  const { rows, loaded, onLoadMore, versionOf, dimmed, label } = props;
  const list = useRef<HTMLUListElement>(null);
  const [offsetTop, setOffsetTop] = useState(0);
  useLayoutEffect(() => {
    setOffsetTop(list.current?.offsetTop ?? 0);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: loaded,
    estimateSize: () => CARD_HEIGHT,
    gap: GAP,
    overscan: 4,
    scrollMargin: offsetTop,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  const { show, total } = rows;
  useEffect(() => show(first, last), [show, first, last]);

  // Infinite scroll from the virtualizer's own figures (no layout read in a scroll handler).
  const height = useWindowHeight();
  const offset = virtualizer.scrollOffset ?? 0;
  const content = offsetTop + virtualizer.getTotalSize();
  useEffect(() => {
    if (total !== undefined && shouldLoadMore(offset, height, content, loaded, total)) {
      onLoadMore();
    }
  }, [offset, height, content, loaded, total, onLoadMore]);

  const openRef = useRef(props.onOpen);
  openRef.current = props.onOpen;
  const open = useCallback((row: T, index: number) => openRef.current(row, index), []);
  const renderRef = useRef(props.renderCard);
  renderRef.current = props.renderCard;
  const render = useCallback((row: T, index: number) => renderRef.current(row, index), []);

  if (total === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {LIST_TEXT.EMPTY}
      </Text>
    );
  }
  return (
    <ul
      ref={list}
      aria-label={label}
      style={{
        position: 'relative',
        height: virtualizer.getTotalSize(),
        listStyle: 'none',
        margin: 0,
        padding: 0,
      }}
    >
      {items.map((item) => {
        const row = rows.rowAt(item.index);
        return (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            <MemoCard
              row={row}
              version={row === undefined ? '' : versionOf(row)}
              index={item.index}
              dimmed={row !== undefined && (dimmed?.(row) ?? false)}
              open={open}
              render={render}
            />
          </li>
        );
      })}
    </ul>
  );
}
