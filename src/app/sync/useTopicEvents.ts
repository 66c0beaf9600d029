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
  // One string, so a new array with the same topics does not re-subscribe.
  const key = JSON.stringify(topics);
  useEffect(() => {
    const wanted: string[] = JSON.parse(key);
    if (wanted.length === 0) return;
    return connection.watchTopics(wanted, (topic, payload) => latest.current(topic, payload));
  }, [connection, key]);
}
