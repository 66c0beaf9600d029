// An account bound to no company, or whose companies may not use the system (settings-messaging-shared §4 "Login",
// §8): the message, then sign-out. The session already forgot the account on this device; the
// button also ends the provider's session, so the next sign-in may choose another account.
// When the account has just left its last company and changes of it never reached the server,
// they are listed first for the user to copy; the button then deletes them with the account's
// data (security review M5).
import { Button, Card, Center, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../domain/format/date';
import { MEMBERSHIP_MESSAGES, SESSION_MESSAGES } from '../../domain/messages/session';
import type { UnsentEntry } from '../../sync/outbox';

function UnsentCard({ entry }: { entry: UnsentEntry }) {
  return (
    <Card withBorder padding="sm" w="100%">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {entry.title}
        </Text>
        <CopyButton value={entry.text}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy}>
              {copied ? '✓' : MEMBERSHIP_MESSAGES.COPY}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {formatDateTime(entry.createdAt, null)}
      </Text>
      <Text
        component="pre"
        size="xs"
        mt={4}
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 160, overflow: 'auto' }}
      >
        {entry.text}
      </Text>
    </Card>
  );
}

export function NoCompany({
  message,
  unsent = [],
  onConfirm,
}: {
  message: string;
  unsent?: readonly UnsentEntry[];
  onConfirm(): void;
}) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={520} w="100%" role="alert">
        <Title order={3}>{SESSION_MESSAGES.NO_COMPANY_TITLE}</Title>
        <Text ta="center">{message}</Text>
        {unsent.length > 0 && (
          <Stack gap="xs" w="100%" aria-label={MEMBERSHIP_MESSAGES.UNSENT_TITLE}>
            <Text fw={600}>{MEMBERSHIP_MESSAGES.UNSENT_TITLE}</Text>
            <Text size="sm" c="dimmed">
              {MEMBERSHIP_MESSAGES.UNSENT_HINT}
            </Text>
            {unsent.map((entry) => (
              <UnsentCard key={entry.id} entry={entry} />
            ))}
          </Stack>
        )}
        <Button color={unsent.length > 0 ? 'red' : undefined} onClick={onConfirm}>
          {unsent.length > 0 ? MEMBERSHIP_MESSAGES.CLEAR_AND_SIGN_OUT : SESSION_MESSAGES.CONFIRM}
        </Button>
      </Stack>
    </Center>
  );
}
