// A message the server refused: its text and attachments' names, the server's reason, and the
// outbox's retry (sent again under a new Idempotency-Key) and discard.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { CHAT_MESSAGES } from '../../domain/todos/messages';
import { useSyncWrite } from '../../platform/sync/useSyncWrite';
import type { FailedSend as Failed } from './useFailedSends';

export function FailedSend({ failed }: { failed: Failed }) {
  const write = useSyncWrite();
  const [busy, setBusy] = useState(false);
  const run = (action: 'retry' | 'discard') => {
    setBusy(true);
    void write<unknown>((api) =>
      action === 'retry' ? api.retry(failed.entryId) : api.discard(failed.entryId),
    ).finally(() => setBusy(false));
  };
  const files = failed.payload.files.map((file) => file.name).join('、');
  return (
    <Stack gap={4} align="flex-end" data-testid="chat-failed">
      <Alert color="red" variant="light" p="xs" maw="85%" title={CHAT_MESSAGES.SEND_FAILED}>
        <Stack gap={4}>
          {failed.payload.subject !== '' && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {failed.payload.subject}
            </Text>
          )}
          {files !== '' && (
            <Text size="xs" c="dimmed">
              {files}
            </Text>
          )}
          <Text size="xs" c="red.8" role="alert">
            {failed.reason}
          </Text>
          <Group gap="xs" justify="flex-end">
            <Button
              size="compact-xs"
              variant="default"
              disabled={busy}
              onClick={() => run('discard')}
            >
              {CHAT_MESSAGES.DISCARD}
            </Button>
            <Button size="compact-xs" disabled={busy} onClick={() => run('retry')}>
              {CHAT_MESSAGES.RETRY}
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Stack>
  );
}
