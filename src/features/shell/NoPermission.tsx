// The no-permission page (settings-messaging-shared §2): where the guard sends a user who opened
// a page their role does not allow, such as company settings for a non-administrator.
import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { SESSION_MESSAGES } from '../../domain/messages/session';
import { NO_PERMISSION_TEXT } from '../../domain/routes';

export function NoPermission() {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Title order={3}>{SESSION_MESSAGES.NO_PERMISSION_TITLE}</Title>
      <Text c="dimmed">{NO_PERMISSION_TEXT}</Text>
      <Button component={Link} to="/home" variant="light">
        {SESSION_MESSAGES.BACK_HOME}
      </Button>
    </Stack>
  );
}
