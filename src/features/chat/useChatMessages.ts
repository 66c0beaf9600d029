// The messages an open chat panel shows: the records' threads read live
// from the local database (what the engine pulls and the user's own sends, shown at once), with
// the events of the records' message topics applied on top while the panel is open, so another
// user's message appears before the pull that brings it: ADD appends, UPDATE and BOUND replace
// by id, and events between companies that are not the user's are ignored (liveEvents.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
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
  return useMemo(
    () => (stored === undefined ? undefined : withLiveEvents(stored, events, myCompanyIds)),
    [stored, events, myCompanyIds],
  );
}
