// The line above a list, in the spec's order (purchasing-core §9): "共 N 条，当前 M 条" (total,
// rows loaded so far), the page size (20/50/100/200/500), then the pager; on a phone, where there
// are no headers to click, the sort as a choice first, and the pager wraps to a line of its own.
import { Group, NativeSelect, SegmentedControl, Text } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { PAGE_SIZES, type PageSize } from '../../domain/list/listQuery';
import type { SortDirection } from '../../domain/list/listSort';
import { LIST_TEXT, pageSizeLabel } from '../../domain/list/listText';
import { listCountText } from '../../domain/list/paging';

export interface SortChoice {
  options: ReadonlyArray<{ key: string; label: string }>;
  key: string;
  direction: SortDirection;
  onChange(key: string, direction: SortDirection): void;
}

export interface ListToolbarProps {
  total: number | undefined;
  loaded: number;
  pageSize: PageSize;
  onPageSize(size: PageSize): void;
  /** Shown on phones. */
  sort?: SortChoice;
  /** The pager (ListPager.tsx), once the list's length is known. */
  pager?: ReactNode;
  /** Buttons before the page size (the export menu). */
  tools?: ReactNode;
}

export const ListToolbar = memo(function ListToolbar({
  total,
  loaded,
  pageSize,
  onPageSize,
  sort,
  pager,
  tools,
}: ListToolbarProps) {
  return (
    <Group justify="space-between" gap="xs" data-testid="list-toolbar">
      <Text size="sm" data-testid="list-count">
        {total === undefined ? '' : listCountText(total, loaded)}
      </Text>
      <Group gap="xs">
        {tools}
        {sort && (
          <>
            <NativeSelect
              aria-label={LIST_TEXT.SORT_BY}
              size="xs"
              w={130}
              data={sort.options.map((o) => ({ value: o.key, label: o.label }))}
              value={sort.key}
              onChange={(event) => sort.onChange(event.currentTarget.value, sort.direction)}
            />
            <SegmentedControl
              size="xs"
              aria-label={LIST_TEXT.SORT_DIRECTION}
              data={[
                { value: 'asc', label: LIST_TEXT.ASCENDING },
                { value: 'desc', label: LIST_TEXT.DESCENDING },
              ]}
              value={sort.direction}
              onChange={(value) => sort.onChange(sort.key, value === 'asc' ? 'asc' : 'desc')}
            />
          </>
        )}
        <NativeSelect
          aria-label={LIST_TEXT.PAGE_SIZE}
          size="xs"
          w={110}
          data={PAGE_SIZES.map((size) => ({ value: String(size), label: pageSizeLabel(size) }))}
          value={String(pageSize)}
          onChange={(event) => {
            const size = PAGE_SIZES.find((s) => String(s) === event.currentTarget.value);
            if (size) onPageSize(size);
          }}
        />
        {pager}
      </Group>
    </Group>
  );
});
