// Shown instead of the app when this (older) app finds the user's database upgraded by a newer
// one, after a rollback: the data stays as it is, writes wait for the update, and the unsent
// changes are listed and can be exported so nothing is locked away (security review L14).
import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../domain/format/date';
import { SESSION_MESSAGES } from '../../domain/messages/session';
import { SYNC_LABELS, syncWarnings } from '../../domain/messages/sync';
import { useOutdatedOutbox } from './useOutdatedOutbox';

function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = SYNC_LABELS.OUTDATED_FILE;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function OutdatedData({ userId }: { userId: number }) {
  const outbox = useOutdatedOutbox(userId);
  const count = outbox ? outbox.entries.length + outbox.unreadable : 0;
  return (
    <Stack gap="sm" maw={560} w="100%" data-testid="outdated-data">
      <Alert
        color="orange"
        variant="light"
        title={SYNC_LABELS.OUTDATED_TITLE}
        role="alert"
        // Orange text on its light background stays under 4.5:1: the title takes the body colour.
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {SYNC_LABELS.OUTDATED_NOTICE}
      </Alert>
      {outbox === undefined && <Loader size="sm" />}
      {outbox !== undefined && count === 0 && (
        <Text c="dimmed" ta="center">
          {SYNC_LABELS.OUTDATED_NONE}
        </Text>
      )}
      {outbox?.entries.map((view) => (
        <Card key={view.id} withBorder padding="sm" data-testid="outdated-entry">
          <Text fw={600} size="sm">
            {view.title}
          </Text>
          <Text size="sm">{view.subject}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(view.createdAt)}
          </Text>
        </Card>
      ))}
      {outbox && outbox.unreadable > 0 && (
        <Text size="sm" c="dimmed">
          {syncWarnings.outdatedUnreadable(outbox.unreadable)}
        </Text>
      )}
      <Group justify="flex-end" gap="xs">
        {outbox && count > 0 && (
          <Button variant="default" onClick={() => download(outbox.exportText)}>
            {SYNC_LABELS.OUTDATED_EXPORT}
          </Button>
        )}
        <Button onClick={() => window.location.reload()}>{SESSION_MESSAGES.RELOAD}</Button>
      </Group>
    </Stack>
  );
}
