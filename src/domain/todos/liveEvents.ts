// Applying a live event from a module's message topic to the message list
// (settings-messaging-shared §4 "Live events on a module's message topic").

import type { TodoItem } from './todoItem';

type EventItem = Pick<TodoItem, 'id' | 'from_company_id' | 'to_company_id' | 'event_type'>;

function concernsMe(item: EventItem, myCompanyIds: readonly number[]): boolean {
  return [item.from_company_id, item.to_company_id].some(
    (id) => id !== null && myCompanyIds.includes(id),
  );
}

/**
 * The list after one event. ADD appends; an ADD for an id already listed (our own send echoed
 * back) replaces it instead, so replaying an event never duplicates a message. UPDATE and BOUND
 * replace by id and ignore ids not in the list. Other event types leave the list as it is.
 */
export function applyLiveEvent<T extends EventItem>(
  list: readonly T[],
  event: T,
  myCompanyIds: readonly number[],
): readonly T[] {
  if (!concernsMe(event, myCompanyIds)) return list;
  const index = list.findIndex((i) => i.id === event.id);
  switch (event.event_type) {
    case 'ADD':
      return index < 0 ? [...list, event] : list.map((i, n) => (n === index ? event : i));
    case 'UPDATE':
    case 'BOUND':
      return index < 0 ? list : list.map((i, n) => (n === index ? event : i));
    default:
      return list;
  }
}
