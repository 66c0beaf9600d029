// The pending-changes view: every outbox entry with its state and the server's
// message, retry and discard, and on a conflict the server's version beside the user's with the
// choice to keep theirs. Entries this app version cannot read are listed too, never hidden.
import {
  Alert,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Popover,
  Progress,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useState } from 'react';
import { fileShareSent, formatBytes } from '../../domain/format/bytes';
import { formatDateTime } from '../../domain/format/date';
import type { EntryStateKey } from '../../domain/messages/sync';
import { SYNC_LABELS } from '../../domain/messages/sync';
import type { SyncStatus } from '../../sync/engine/status';
import type { EntryView, FileView } from './entryView';

const STATE_COLORS: Record<EntryStateKey, string> = {
  waiting: 'gray',
  retrying: 'yellow',
  sending: 'blue',
  applied: 'teal',
  failed: 'red',
  conflict: 'orange',
  expired: 'orange',
  'waiting-files': 'gray',
};

export interface PendingChangesProps {
  opened: boolean;
  onClose(): void;
  entries: readonly EntryView[];
  unreadable: number;
  /** Said when changes wait and the browser will not send them while the app is closed. */
  deliveryNotice: string | null;
  timeZone: string | null;
  /** Uploads under way (the engine's status): each waiting file's bytes. */
  uploads: SyncStatus['uploads'];
  onRetry(id: string, overwrite: boolean): Promise<unknown>;
  onDiscard(id: string): Promise<unknown>;
}

/** One file a change uploads first: its name and its bytes sent, as a labelled bar. */
function FileUpload({
  file,
  progress,
}: {
  file: FileView;
  progress?: { sent: number; total: number };
}) {
  const sent = file.uploaded
    ? file.size
    : progress
      ? fileShareSent(file.size, progress.sent, progress.total)
      : 0;
  const size = formatBytes(file.size);
  const label = file.uploaded
    ? SYNC_LABELS.UPLOAD_DONE(size)
    : progress
      ? SYNC_LABELS.UPLOAD_PROGRESS(formatBytes(sent), size)
      : SYNC_LABELS.UPLOAD_WAITING(size);
  const percent = file.size > 0 ? Math.round((sent / file.size) * 100) : 0;
  return (
    <Stack gap={2} data-testid="pending-file">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" truncate>
          {file.name}
        </Text>
        <Text size="xs" c="dimmed" data-testid="pending-file-bytes">
          {label}
        </Text>
      </Group>
      <Progress value={percent} size="sm" aria-label={`${file.name} ${label}`} />
    </Stack>
  );
}

function DiscardButton({ onConfirm }: { onConfirm(): void }) {
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} withArrow shadow="md" width={260}>
      <Popover.Target>
        <Button size="xs" variant="default" onClick={() => setOpened(true)}>
          {SYNC_LABELS.DISCARD}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm">
          {SYNC_LABELS.DISCARD_CONFIRM_TITLE}
        </Text>
        <Text size="sm" c="dimmed" mt={4}>
          {SYNC_LABELS.DISCARD_CONFIRM}
        </Text>
        <Group justify="flex-end" gap="xs" mt="sm">
          <Button size="xs" variant="default" onClick={() => setOpened(false)}>
            {SYNC_LABELS.CANCEL}
          </Button>
          <Button
            size="xs"
            color="red"
            onClick={() => {
              setOpened(false);
              onConfirm();
            }}
          >
            {SYNC_LABELS.CONFIRM}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}

function EntryCard({
  view,
  timeZone,
  uploads,
  onRetry,
  onDiscard,
}: { view: EntryView; timeZone: string | null } & Pick<
  PendingChangesProps,
  'onRetry' | 'onDiscard' | 'uploads'
>) {
  const [busy, setBusy] = useState(false);
  const act = (run: () => Promise<unknown>) => {
    setBusy(true);
    void run().finally(() => setBusy(false));
  };
  return (
    <Card withBorder padding="sm" data-testid="pending-entry" data-state={view.state}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {view.title}
          </Text>
          <Text size="sm" truncate>
            {view.subject}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(view.createdAt, timeZone)}
          </Text>
        </Stack>
        <Badge color={STATE_COLORS[view.state]} variant="light" style={{ flexShrink: 0 }}>
          {view.stateLabel}
        </Badge>
      </Group>
      {view.files.length > 0 && (
        <Stack gap={6} mt="xs">
          {view.files.map((file) => (
            <FileUpload
              key={file.id}
              file={file}
              {...(uploads[file.id] ? { progress: uploads[file.id] } : {})}
            />
          ))}
        </Stack>
      )}
      {view.message && (
        <Text
          size="sm"
          c={view.canRetry ? 'var(--mantine-color-red-light-color)' : 'dimmed'}
          mt="xs"
        >
          {view.message}
        </Text>
      )}
      {view.conflict && (
        <Table mt="xs" withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              <Table.Th>{SYNC_LABELS.MY_CHANGE}</Table.Th>
              <Table.Th>{SYNC_LABELS.SERVER_VERSION}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.conflict.map((field) => (
              <Table.Tr key={field.field}>
                <Table.Td>{field.label}</Table.Td>
                <Table.Td>{field.mine}</Table.Td>
                <Table.Td>{field.server}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {(view.canRetry || view.canDiscard) && (
        <Group gap="xs" mt="sm" justify="flex-end">
          {view.conflict && (
            <Button size="xs" loading={busy} onClick={() => act(() => onRetry(view.id, true))}>
              {SYNC_LABELS.KEEP_MINE}
            </Button>
          )}
          {view.canRetry && !view.conflict && (
            <Button size="xs" loading={busy} onClick={() => act(() => onRetry(view.id, false))}>
              {view.state === 'expired' ? SYNC_LABELS.RESUBMIT : SYNC_LABELS.RETRY}
            </Button>
          )}
          {view.canDiscard && <DiscardButton onConfirm={() => act(() => onDiscard(view.id))} />}
        </Group>
      )}
    </Card>
  );
}

export function PendingChanges({
  opened,
  onClose,
  entries,
  unreadable,
  deliveryNotice,
  timeZone,
  uploads,
  onRetry,
  onDiscard,
}: PendingChangesProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={SYNC_LABELS.PENDING_CHANGES}
      size="md"
    >
      <Stack gap="sm">
        {unreadable > 0 && (
          <Alert color="orange" variant="light">
            {SYNC_LABELS.UNREADABLE}（{unreadable}）
          </Alert>
        )}
        {deliveryNotice && (
          <Alert color="gray" variant="light" data-testid="delivery-notice">
            {deliveryNotice}
          </Alert>
        )}
        {entries.length === 0 && unreadable === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {SYNC_LABELS.NO_PENDING}
          </Text>
        )}
        {entries.map((view) => (
          <EntryCard
            key={view.id}
            view={view}
            timeZone={timeZone}
            uploads={uploads}
            onRetry={onRetry}
            onDiscard={onDiscard}
          />
        ))}
      </Stack>
    </Drawer>
  );
}
