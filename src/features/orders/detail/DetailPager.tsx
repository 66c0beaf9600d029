// 上一条 / 下一条 on the sheet and order detail (settings-messaging-shared §2 "Detail and list
// paging"): links to the neighbours' addresses (open in a new tab works); a button is disabled at
// either end of the list, or when the page was not opened from a list row.
import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { DETAIL_PAGING_LABELS } from '../../../domain/orders/detailPaging';
import { AppButton } from '../../../platform/AppLink';
import type { Neighbours } from './neighbourAddresses';

function PagerButton({
  href,
  label,
  icon,
}: {
  href: string | null;
  label: string;
  icon: 'left' | 'right';
}) {
  const iconNode = icon === 'left' ? <IconChevronLeft size={16} /> : <IconChevronRight size={16} />;
  const side = icon === 'left' ? { leftSection: iconNode } : { rightSection: iconNode };
  if (href === null) {
    return (
      <Button variant="default" size="sm" disabled {...side}>
        {label}
      </Button>
    );
  }
  return (
    <AppButton href={href} variant="default" size="sm" {...side}>
      {label}
    </AppButton>
  );
}

export function DetailPager({ neighbours }: { neighbours: Neighbours }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <PagerButton href={neighbours.previous} label={DETAIL_PAGING_LABELS.PREVIOUS} icon="left" />
      <PagerButton href={neighbours.next} label={DETAIL_PAGING_LABELS.NEXT} icon="right" />
    </Group>
  );
}
