// Follows live-channel topics while a component is shown (a chat panel's
// `TOPICS.moduleMessages(module, id)`): the leader tab holds them, and `callback` gets each event
// on them with the server's payload (for messages `{event_type, item}`). The callback may change
// between renders without re-subscribing; a new list of topics re-subscribes.
import { useEffect, useRef } from 'react';
import { useSyncContext } from './useSyncContext';

export function useTopicEvents(
  topics: readonly string[],
  callback: (topic: string, payload: unknown) => void,
): void {
  const { connection } = useSyncContext();
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  // One string (topics hold no line breaks), so a new array of the same topics keeps the watch.
  const key = topics.join('\n');
  useEffect(() => {
    if (key === '') return;
    const wanted = key.split('\n');
    return connection.watchTopics(wanted, (topic, payload) => latest.current(topic, payload));
  }, [connection, key]);
}
