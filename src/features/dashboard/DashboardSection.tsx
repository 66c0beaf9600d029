// A titled card of the 工作台, a landmark named by its title; tools (a choice of view) on the right.
import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function DashboardSection({
  title,
  tools,
  children,
}: {
  title: string;
  tools?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5">
            {title}
          </Title>
          {tools}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
