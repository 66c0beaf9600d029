// The 新版本可用 prompt (DESIGN §4 "App updates"). Mounted once in the shell; `beforeReload`
// resolves when the outbox is persisted (the sync worker's pending enqueues have landed in
// IndexedDB), and only then does the new version take over and the page reload. Mounting it also
// registers the service worker.
import { Affix, Button, Group, Notification, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { PWA_MESSAGES } from '../../domain/messages/pwa';
import type { UpdateState } from './appUpdates';
import { appUpdates } from './serviceWorker';

const noUpdates = () => () => {};
const current = (): UpdateState => 'current';

export function UpdatePrompt({ beforeReload }: { beforeReload: () => Promise<void> }) {
  const updates = appUpdates();
  const state = useSyncExternalStore(
    updates?.subscribe ?? noUpdates,
    updates?.state ?? current,
    current,
  );
  const [dismissed, setDismissed] = useState(false);
  if (!updates || state === 'current' || dismissed) return null;

  const reload = () => {
    updates.apply(beforeReload).catch((error: unknown) => {
      console.error('update postponed: the outbox could not be settled', error);
    });
  };

  return (
    <Affix position={{ bottom: 16, right: 16 }}>
      <Notification
        role="status"
        title={PWA_MESSAGES.UPDATE_AVAILABLE}
        withBorder
        onClose={() => setDismissed(true)}
        closeButtonProps={{ 'aria-label': PWA_MESSAGES.LATER }}
        w="min(360px, calc(100vw - 32px))"
      >
        <Text size="sm">{PWA_MESSAGES.UPDATE_DETAIL}</Text>
        <Group justify="flex-end" mt="xs">
          <Button size="xs" loading={state === 'applying'} onClick={reload}>
            {PWA_MESSAGES.RELOAD}
          </Button>
        </Group>
      </Notification>
    </Affix>
  );
}
