// A tracking or progress log (时间, 地点, 信息), newest first as the panels hand it over. On a
// phone the three columns share the width and the place and info wrap (the time never does).
import { Table, Text } from '@mantine/core';
import type { LogEntry } from '../../../domain/orders/logistics';
import { LOG_COLUMNS, LOGISTICS_LABELS } from '../../../domain/orders/logisticsLabels';

export function LogTable({ entries, testId }: { entries: readonly LogEntry[]; testId: string }) {
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {LOGISTICS_LABELS.NO_LOG}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table withTableBorder verticalSpacing={4} fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {LOG_COLUMNS.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.key}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{entry.time}</Table.Td>
              <Table.Td>{entry.place}</Table.Td>
              <Table.Td>{entry.info}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
