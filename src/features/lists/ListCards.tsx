// The phone list: at 375 px each row is a card with its key fields, in the
// page's own scroll (a nested scroll box is awkward by touch). Only the cards in view are
// rendered (@tanstack/react-virtual on the window), memoized by their row's version; near the
// bottom (100 px) the next page loads.
import { Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { LIST_TEXT } from '../../domain/list/listText';
import classes from './lists.module.css';
import type { ScrollTarget } from './useListState';
import type { ListRows } from './useListWindow';
import { useWindowHeight } from './useWindowHeight';
import { keyboardOpen, sameShownRow, useScrollTarget, useVirtualRows } from './virtualRows';

export interface ListCardsProps<T> {
  rows: ListRows<T>;
  loaded: number;
  onLoadMore(): void;
  /** The pager's jump: the card to show at the top. */
  scrollTo?: ScrollTarget | null;
  /** Told the card at the top of the view when it changes (the pager's current page). */
  onTopRow?(index: number): void;
  onOpen(row: T, index: number): void;
  renderCard(row: T, index: number): ReactNode;
  /** Changes whenever what a row shows changes (id, version, pending mark). */
  versionOf(row: T): string;
  /** Rows shown greyed out (cancelled orders are styled apart, §2.5). */
  dimmed?(row: T): boolean;
  label: string;
}

/** A card's content: the row's number and state tag on top, then its fields under their labels. */
export function CardBody({
  title,
  tag,
  fields,
}: {
  title: ReactNode;
  tag: ReactNode;
  fields: ReadonlyArray<{ key: string; label: string; value: ReactNode }>;
}) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {title}
        {tag}
      </Group>
      <div className={classes.cardFields}>
        {fields.map((field) => (
          <div key={field.key}>
            <Text size="xs" c="dimmed">
              {field.label}
            </Text>
            <Text size="sm" component="div" truncate>
              {field.value}
            </Text>
          </div>
        ))}
      </div>
    </Stack>
  );
}

const CARD_HEIGHT = 150;
/** The shell's fixed header (src/features/shell/Shell.tsx) covers the top of the page's scroll. */
const HEADER_HEIGHT = 56;
const GAP = 8;
const DIMMED = {
  color: 'var(--mantine-color-dimmed)',
  background: 'var(--mantine-color-default-hover)',
};

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
      {...(row !== undefined && keyboardOpen(() => open(row, index)))}
      className={classes.card}
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

const MemoCard = memo(RowCard, sameShownRow) as typeof RowCard;

function ListCardsImpl<T>(props: ListCardsProps<T>) {
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
    // A card scrolled to the top lands below the fixed header.
    scrollPaddingStart: HEADER_HEIGHT + GAP,
  });
  const items = virtualizer.getVirtualItems();
  const scroll = {
    offset: virtualizer.scrollOffset ?? 0,
    viewport: useWindowHeight(),
    content: offsetTop + virtualizer.getTotalSize(),
  };
  // The card under the header is the current page's; at the end of the whole list, the last one's.
  const atEnd =
    loaded >= (rows.total ?? 0) && scroll.offset + scroll.viewport >= scroll.content - 1;
  const topItem = items.find((item) => item.end > scroll.offset + HEADER_HEIGHT);
  useVirtualRows(rows, items, scroll, loaded, onLoadMore, {
    index: atEnd ? loaded - 1 : (topItem?.index ?? 0),
    report: props.onTopRow,
  });
  useScrollTarget(virtualizer, props.scrollTo, loaded);
  const open = useCallbackRef(props.onOpen);
  const render = useCallbackRef(props.renderCard);
  const { total } = rows;

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

export const ListCards = memo(ListCardsImpl) as typeof ListCardsImpl;
