// Previous/next on a detail page (settings-messaging-shared §2 "Detail and list paging"): a
// button is disabled at either end of the list, or when the page was not opened from a list.
import { Button, Group } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { AppButton } from '../../../app/AppLink';
import { ORDER_DETAIL_LABELS } from '../../../domain/orders/orderDetail';
import type { Neighbours } from './useDetailNeighbours';

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
      <PagerButton href={neighbours.previous} label={ORDER_DETAIL_LABELS.PREVIOUS} icon="left" />
      <PagerButton href={neighbours.next} label={ORDER_DETAIL_LABELS.NEXT} icon="right" />
    </Group>
  );
}
