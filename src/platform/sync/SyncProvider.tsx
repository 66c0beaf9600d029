// Puts the sync connection into React for the signed-in layout. The session
// starts and stops the worker; this waits until the user's database is open on the main thread,
// so every screen below can read it, and shows why when local data cannot be used. A database a
// newer app upgraded (this app was rolled back) is not written: its unsent changes are shown.
import { Button, Center, Loader, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { STORAGE_MESSAGES } from '../../domain/messages/common';
import { SESSION_MESSAGES } from '../../domain/messages/session';
import { useAppServices } from '../AppServicesContext';
import { useSession } from '../session/useSession';
import { SyncContext } from './SyncContext';
import { useConnectionField } from './useSyncContext';

function Problem({ message }: { message: string }) {
  return (
    <Stack align="center" gap="sm" role="alert">
      <Text ta="center">{message}</Text>
      <Button onClick={() => window.location.reload()}>{SESSION_MESSAGES.RELOAD}</Button>
    </Stack>
  );
}

/** `outdated` renders the rolled-back app's page (a feature: src/features/sync/OutdatedData). */
export function SyncProvider({
  children,
  outdated,
}: {
  children: ReactNode;
  outdated: (userId: number) => ReactNode;
}) {
  const connection = useAppServices().sync;
  const db = useConnectionField(connection, 'db');
  const problem = useConnectionField(connection, 'problem');
  const { account } = useSession();
  const value = useMemo(() => (db ? { connection, db } : null), [connection, db]);
  if (!value) {
    return (
      <Center mih="60dvh" p="md">
        {problem === 'version' ? (
          outdated(account.id)
        ) : problem ? (
          <Problem message={STORAGE_MESSAGES[problem]} />
        ) : (
          <Loader aria-label={SESSION_MESSAGES.LOADING} />
        )}
      </Center>
    );
  }
  return (
    <SyncContext.Provider value={value}>
      {children}
      {/* Another tab upgraded the database: this tab's copy of the app must not write to it. */}
      <Modal
        opened={problem === 'version'}
        onClose={() => window.location.reload()}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        centered
      >
        {outdated(account.id)}
      </Modal>
    </SyncContext.Provider>
  );
}
