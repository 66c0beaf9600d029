// Applying a live event from a module's message topic to the message list
// (settings-messaging-shared §4 "Live events on a module's message topic").

import type { TodoItem } from './todoItem';

type EventItem = Pick<TodoItem, 'id' | 'from_company_id' | 'to_company_id' | 'event_type'>;

/** What merging events into a stored thread compares: versions, and who wrote what where. */
type VersionedItem = EventItem & {
  version: number;
  subject: string;
  from_contacts_id?: number | null;
  module: string | null;
  module_id: number | null;
};

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

/** A message still waiting under a temporary (negative) id, and the server's echo of it. */
function echoes(local: VersionedItem, event: VersionedItem): boolean {
  return (
    local.id < 0 &&
    local.from_contacts_id === event.from_contacts_id &&
    local.subject === event.subject &&
    local.module === event.module &&
    local.module_id === event.module_id
  );
}

/**
 * An open panel's messages: the stored thread with the live events heard since the panel opened
 * applied in order (applyLiveEvent). An event the stored rows already show (same id, same or
 * newer version) changes nothing, so the panel never steps back when the pull lands first; and
 * the echo of a message still waiting under a temporary id is not shown twice (the stored row
 * becomes the server's when the send is answered).
 */
export function withLiveEvents<T extends VersionedItem>(
  stored: readonly T[],
  events: readonly T[],
  myCompanyIds: readonly number[],
): readonly T[] {
  let list = stored;
  for (const event of events) {
    const held = list.find((item) => item.id === event.id);
    if (held && held.version >= event.version) continue;
    if (!held && event.event_type === 'ADD' && list.some((item) => echoes(item, event))) continue;
    list = applyLiveEvent(list, event, myCompanyIds);
  }
  return list;
}
