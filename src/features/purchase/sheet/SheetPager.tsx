// 上一条 / 下一条 on the sheet detail: a button is disabled at either end of the list, or when the
// page was not opened from a list row. The address keeps index, id and pageNumber (and the list's
// type and state, so paging goes on through the same list).
import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { SHEET_LABELS } from '../../../domain/purchase/sheetText';
import type { SheetDetailSearch } from './sheetSearch';
import type { SheetNeighbour, SheetNeighbours } from './useSheetNeighbours';

export function SheetPager({
  neighbours,
  search,
}: {
  neighbours: SheetNeighbours;
  search: SheetDetailSearch;
}) {
  const navigate = useNavigate();
  const go = (to: SheetNeighbour | null) => {
    if (!to) return;
    void navigate({
      to: '/inquiry-quotation/detail',
      search: { ...search, id: to.id, index: to.index, pageNumber: to.pageNumber },
    });
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        variant="default"
        size="sm"
        leftSection={<IconChevronLeft size={16} />}
        disabled={neighbours.previous === null}
        onClick={() => go(neighbours.previous)}
      >
        {SHEET_LABELS.PREVIOUS}
      </Button>
      <Button
        variant="default"
        size="sm"
        rightSection={<IconChevronRight size={16} />}
        disabled={neighbours.next === null}
        onClick={() => go(neighbours.next)}
      >
        {SHEET_LABELS.NEXT}
      </Button>
    </Group>
  );
}
