// The header's news ticker: the first news item, or the VIP promotion link, opening in a new tab.
import { Anchor, Group, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useAppServices } from '../../platform/AppServicesContext';
import { useNewsTicker } from './useNewsTicker';

export function NewsTicker() {
  const { config } = useAppServices();
  const item = useNewsTicker(config.publicWebsite);
  return (
    <Anchor
      href={item.url}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      c="dimmed"
      maw={320}
    >
      <Group gap={6} wrap="nowrap">
        <IconSpeakerphone size={16} style={{ flexShrink: 0 }} />
        <Text size="sm" truncate>
          {item.title}
        </Text>
      </Group>
    </Anchor>
  );
}
