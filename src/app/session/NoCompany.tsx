// An account bound to no company, or whose companies may not use the system (spec §4 "Login",
// §8): the message, then sign-out. The session already forgot the account on this device; the
// button also ends the provider's session, so the next sign-in may choose another account.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { SESSION_MESSAGES } from '../../domain/messages/session';

export function NoCompany({ message, onConfirm }: { message: string; onConfirm(): void }) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} role="alert">
        <Title order={3}>{SESSION_MESSAGES.NO_COMPANY_TITLE}</Title>
        <Text ta="center">{message}</Text>
        <Button onClick={onConfirm}>{SESSION_MESSAGES.CONFIRM}</Button>
      </Stack>
    </Center>
  );
}
