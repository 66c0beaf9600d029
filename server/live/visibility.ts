// What a subscriber may be sent on a topic it holds (security review L15). A record's chat topic
// `todo.b.{module}.{id}.messages` carries every to-do of the record, but the REST thread
// (todoQueries.listModuleMessages) lists only to-dos the caller's companies sent or received, so
// each event is checked against the subscriber's companies with that same rule before it goes out.
const MODULE_MESSAGES = /^todo\.b\.[A-Z_]+\.\d{1,15}\.messages$/;

const companyIdOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? value : null;

/** Whether one of `companyIds` sent or received the event's to-do (REST's thread filter). */
export function mayReceive(
  topic: string,
  payload: unknown,
  companyIds: readonly number[],
): boolean {
  if (!MODULE_MESSAGES.test(topic)) return true;
  if (typeof payload !== 'object' || payload === null) return false;
  const item = (payload as { item?: unknown }).item;
  if (typeof item !== 'object' || item === null) return false;
  const { from_company_id: from, to_company_id: to } = item as Record<string, unknown>;
  return [companyIdOf(from), companyIdOf(to)].some((id) => id !== null && companyIds.includes(id));
}
