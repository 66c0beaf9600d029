// The lists' pager (purchasing-core §9 "pagination layout total, sizes, prev, pager, next,
// jumper"): previous, the page numbers, next, and "跳至 [n] 页" (Enter jumps; a page beyond the
// last lands on the last). It moves through the one scrolled list, read from the device: the
// current page is the one at the top of the view, and a jump loads the list up to that page and
// scrolls to its first row (ListScreen.tsx; docs/decisions.md "Lists").
import { Group, NumberInput, Pagination, Text } from '@mantine/core';
import { memo, useState } from 'react';
import { LIST_TEXT, pageLabel } from '../../domain/list/listText';
import { clampPage, pageCount } from '../../domain/list/paging';
import classes from './lists.module.css';

export interface ListPagerProps {
  total: number;
  pageSize: number;
  /** The page at the top of the view. */
  page: number;
  onPage(page: number): void;
  /** Fewer page buttons, so the pager fits a phone's width. */
  compact: boolean;
}

const itemProps = (page: number) => ({ 'aria-label': pageLabel(page) });
const controlProps = (control: 'first' | 'previous' | 'last' | 'next') =>
  control === 'previous'
    ? { 'aria-label': LIST_TEXT.PREVIOUS_PAGE }
    : control === 'next'
      ? { 'aria-label': LIST_TEXT.NEXT_PAGE }
      : {};

export const ListPager = memo(function ListPager({
  total,
  pageSize,
  page,
  onPage,
  compact,
}: ListPagerProps) {
  const pages = pageCount(total, pageSize);
  const [jump, setJump] = useState<string | number>('');
  const go = () => {
    const target = clampPage(jump, total, pageSize);
    if (target === null) return;
    // The box shows where the jump landed (a page beyond the last is the last).
    setJump(target);
    onPage(target);
  };
  return (
    <nav aria-label={LIST_TEXT.PAGER} className={classes.pager}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPage}
        size="sm"
        gap={4}
        siblings={compact ? 0 : 1}
        boundaries={1}
        getItemProps={itemProps}
        getControlProps={controlProps}
        data-testid="list-pager"
      />
      <Group gap={4} wrap="nowrap">
        <Text size="sm" aria-hidden>
          {LIST_TEXT.JUMP_TO}
        </Text>
        <NumberInput
          aria-label={LIST_TEXT.JUMP_LABEL}
          size="xs"
          className={classes.jump}
          hideControls
          allowDecimal={false}
          allowNegative={false}
          value={jump}
          onChange={setJump}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              go();
            }
          }}
        />
        <Text size="sm" aria-hidden>
          {LIST_TEXT.PAGE_UNIT}
        </Text>
      </Group>
    </nav>
  );
});
