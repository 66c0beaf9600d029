// The progress of a record's state log as a vertical timeline: an order's states 10 … 90
// (src/domain/orders/timeline.ts builds its entries) and, on the sheet detail, a sheet's log.
// Entries with a time are done, up to the last one; the rest are still ahead. Times are ISO
// instants shown in the signed-in user's timezone.
import { Text, Timeline } from '@mantine/core';
import { formatDateTime } from '../../domain/format/date';
import { activeTimelineIndex } from '../../domain/orders/timeline';
import { useSession } from '../../platform/session/useSession';

export interface StateTimelineProps {
  entries: Array<{ state: string; label: string; time: string | null }>;
}

export function StateTimeline({ entries }: StateTimelineProps) {
  const { account } = useSession();
  return (
    <Timeline active={activeTimelineIndex(entries)} bulletSize={14} lineWidth={2}>
      {entries.map((entry) => (
        <Timeline.Item
          // A sheet's log may reach one state twice, never at the same time.
          key={`${entry.state}@${entry.time ?? 'ahead'}`}
          title={entry.label}
          data-state={entry.state}
          data-reached={entry.time !== null}
        >
          {entry.time !== null && (
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.time, account.timezone)}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
