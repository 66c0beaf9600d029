// The messages an open chat panel shows: the records' threads read live
// from the local database (what the engine pulls and the user's own sends, shown at once), with
// the events of the records' message topics applied on top while the panel is open, so another
// user's message appears before the pull that brings it: ADD appends, UPDATE and BOUND replace
// by id, and events between companies that are not the user's are ignored (liveEvents.ts). A
// message that left the stored thread (retracted, here or by its writer elsewhere) is not brought
// back by the ADD heard for it earlier: no event announces a delete.
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useRef, useState } from 'react';
import type { TodoRow } from '../../contract/feedRows';
import { chatMessages } from '../../data/lists/queries';
import { withLiveEvents } from '../../domain/todos/liveEvents';
import type { ThreadRef } from '../../domain/todos/messagePanel';
import { moduleMessageTopics } from '../../domain/todos/topics';
import { useLocalDb } from '../../platform/sync/useLocalDb';
import { useTopicEvents } from '../../platform/sync/useTopicEvents';
import { liveMessageSchema } from './chatSchemas';

/** A message as the panel shows it: a stored row (maybe still pending) or one heard live. */
export type ChatMessage = TodoRow;

export function useChatMessages(
  companyId: number,
  threads: readonly ThreadRef[],
  myCompanyIds: readonly number[],
): readonly ChatMessage[] | undefined {
  const db = useLocalDb();
  const key = threads.map((t) => `${t.module}:${t.moduleId}`).join(',');
  // `key` stands for `threads` (a new array of the same records keeps the query).
  const stored = useLiveQuery(() => chatMessages(db, { companyId, threads }), [db, companyId, key]);
  const [events, setEvents] = useState<readonly ChatMessage[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `threads`.
  const topics = useMemo(() => moduleMessageTopics(threads), [key]);
  useTopicEvents(topics, (_topic, payload) => {
    const event = liveMessageSchema.safeParse(payload);
    // Not a message event this app understands (a newer server): the pull still brings it.
    if (event.success) setEvents((heard) => [...heard, event.data]);
  });
  // Ids the stored thread has shown while the panel is open; one that leaves it was deleted.
  const seen = useRef(new Set<number>());
  const removed = useMemo(() => {
    const gone = new Set<number>();
    if (stored === undefined) return gone;
    const now = new Set(stored.map((message) => message.id));
    for (const id of seen.current) if (!now.has(id)) gone.add(id);
    for (const id of now) seen.current.add(id);
    return gone;
  }, [stored]);
  return useMemo(
    () =>
      stored === undefined
        ? undefined
        : withLiveEvents(
            stored,
            events.filter((event) => !removed.has(event.id)),
            myCompanyIds,
          ),
    [stored, events, removed, myCompanyIds],
  );
}
