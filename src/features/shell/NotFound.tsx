import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={3}>页面不存在</Title>
      <Text c="dimmed">您访问的地址不存在或已被移动，请返回首页。</Text>
      <Button component={Link} to="/" variant="light">
        返回首页
      </Button>
    </Stack>
  );
}
