// The frame of every screen: header with the logo and the user's tools, then the routed page.
import { AppShell, Group, Text, UnstyledButton } from '@mantine/core';
import { Link, Outlet } from '@tanstack/react-router';

export function Shell() {
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <UnstyledButton component={Link} to="/" aria-label="返回首页">
            <Group gap="xs" wrap="nowrap">
              <img src="/favicon.svg" alt="" width={28} height={28} />
              <Text fw={700} size="lg">
                工业品采购
              </Text>
            </Group>
          </UnstyledButton>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
