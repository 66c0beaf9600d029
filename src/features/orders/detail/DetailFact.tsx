// One labelled value of a detail page's facts (sheet and order detail): a small grey label over
// the value, which wraps anywhere so a long number never widens a phone's screen.
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function DetailFact({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
