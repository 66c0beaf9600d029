// The header's sync indicator: an icon and a word for the state of the company the user works in,
// the pending count as a badge, and on click the details (progress of a first sync, last synced
// time, warnings) with "sync now" and the way to the pending-changes view.
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Indicator,
  Popover,
  Progress,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCloudCheck,
  IconCloudOff,
  IconLock,
  IconRefresh,
} from '@tabler/icons-react';
import { useState } from 'react';
import { formatDateTime } from '../../domain/format/date';
import { SYNC_LABELS, syncWarnings } from '../../domain/messages/sync';
import type { SyncSummary, SyncTone } from './summary';

// The icon takes the tone's colour (3:1 is enough for an icon); the label the light variant's
// text colour of its hue, which the theme keeps at WCAG AA (4.5:1) in both colour schemes
// (src/platform/theme.ts), or the dimmed grey.
const TONES: Record<SyncTone, { color: string; text: string; Icon: typeof IconCloudCheck }> = {
  synced: { color: 'teal', text: 'var(--mantine-color-teal-light-color)', Icon: IconCloudCheck },
  syncing: { color: 'blue', text: 'var(--mantine-color-blue-light-color)', Icon: IconRefresh },
  connecting: { color: 'gray', text: 'dimmed', Icon: IconRefresh },
  offline: { color: 'gray', text: 'dimmed', Icon: IconCloudOff },
  attention: { color: 'orange', text: 'var(--mantine-color-text)', Icon: IconAlertTriangle },
  paused: { color: 'red', text: 'var(--mantine-color-red-light-color)', Icon: IconLock },
};

export interface SyncStatusButtonProps {
  summary: SyncSummary;
  timeZone: string | null;
  onSyncNow(): void;
  onShowPending(): void;
}

export function SyncStatusButton({
  summary,
  timeZone,
  onSyncNow,
  onShowPending,
}: SyncStatusButtonProps) {
  const [opened, setOpened] = useState(false);
  const { color, text, Icon } = TONES[summary.tone];
  const warn = summary.warnings.length > 0;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      width={300}
      withArrow
    >
      <Popover.Target>
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-label={`同步状态：${summary.label}`}
          data-testid="sync-status"
          data-tone={summary.tone}
          px={6}
          py={4}
        >
          <Group gap={6} wrap="nowrap">
            <Indicator
              disabled={summary.pending === 0}
              label={summary.pending}
              size={16}
              color={warn ? 'orange' : 'blue'}
              offset={2}
            >
              <ActionIcon component="span" variant="subtle" color={color} aria-hidden>
                <Icon size={20} stroke={1.8} />
              </ActionIcon>
            </Indicator>
            <Text size="sm" c={text} visibleFrom="sm">
              {summary.label}
            </Text>
          </Group>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Group justify="space-between">
            <Text fw={600}>{summary.label}</Text>
            {summary.pending > 0 && (
              <Badge variant="light">{syncWarnings.pending(summary.pending)}</Badge>
            )}
          </Group>
          {summary.progress && (
            <Stack gap={4}>
              <Progress value={summary.progress.percent} aria-label={summary.progress.label} />
              <Text size="xs" c="dimmed">
                {summary.progress.label}
              </Text>
            </Stack>
          )}
          <Text size="sm" c="dimmed">
            {SYNC_LABELS.LAST_SYNCED}：
            {summary.lastSyncedAt === null
              ? SYNC_LABELS.NEVER_SYNCED
              : formatDateTime(summary.lastSyncedAt, timeZone)}
          </Text>
          {summary.warnings.map((warning) => (
            <Text key={warning} size="sm" c="orange.8">
              {warning}
            </Text>
          ))}
          <Group gap="xs" grow>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              onClick={onSyncNow}
              disabled={summary.tone === 'paused'}
            >
              {SYNC_LABELS.SYNC_NOW}
            </Button>
            <Button
              size="xs"
              variant={summary.failed > 0 ? 'filled' : 'default'}
              color={summary.failed > 0 ? 'orange' : undefined}
              onClick={() => {
                setOpened(false);
                onShowPending();
              }}
            >
              {SYNC_LABELS.VIEW_PENDING}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
