// Messages of the panel's records that the server refused (a 4xx: the record is gone, the
// recipient is no longer a party …). The engine rolls the optimistic row back and keeps the
// outbox entry with the server's message, so the panel lists these from the outbox, each with
// the outbox's retry and discard.
import { useLiveQuery } from 'dexie-react-hooks';
import type { ThreadRef } from '../../domain/todos/messagePanel';
import { useLocalDb } from '../../platform/sync/useLocalDb';
import type { MessagePostPayload } from '../../sync/core/mutations/todos';
import { loadOutbox } from '../../sync/outbox';

export interface FailedSend {
  entryId: string;
  payload: MessagePostPayload;
  /** The server's message. */
  reason: string;
  createdAt: number;
}

export function useFailedSends(threads: readonly ThreadRef[]): readonly FailedSend[] {
  const db = useLocalDb();
  const key = threads.map((t) => `${t.module}:${t.moduleId}`).join(',');
  const failed = useLiveQuery(async () => {
    const wanted = new Set(key.split(','));
    const { entries } = await loadOutbox(db);
    return entries.flatMap((entry): FailedSend[] =>
      entry.type === 'message.post' &&
      entry.status === 'failed' &&
      wanted.has(`${entry.payload.module}:${entry.payload.moduleId}`)
        ? [
            {
              entryId: entry.id,
              payload: entry.payload,
              reason: entry.failure?.message ?? '',
              createdAt: entry.createdAt,
            },
          ]
        : [],
    );
  }, [db, key]);
  return failed ?? [];
}
