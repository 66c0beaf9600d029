// Who may do what with a to-do, and how it is highlighted (settings-messaging-shared §2 "To-do
// and message inbox", §4 "Message and to-do", §6 "A to-do owned by another contact can be taken
// over after confirmation").

import { TODO_MESSAGES, takeOverConfirmation } from './messages';
import type { TodoState } from './todoCodes';
import type { InboxUser, TodoItem } from './todoItem';

type Addressed = Pick<TodoItem, 'state' | 'to_company_id'>;

/** Shown red: still open (UNREAD or READ) and addressed to the company the user works for now. */
export function isHighlighted(item: Addressed, currentCompanyId: number): boolean {
  return (
    (item.state === 'UNREAD' || item.state === 'READ') && item.to_company_id === currentCompanyId
  );
}

/** The sender's marker: one of my companies sent it and the other party has not read it yet. */
export function showsSenderUnreadMarker(
  item: Pick<TodoItem, 'state' | 'from_company_id'>,
  myCompanyIds: readonly number[],
): boolean {
  return (
    item.state === 'UNREAD' &&
    item.from_company_id !== null &&
    myCompanyIds.includes(item.from_company_id)
  );
}

function isRecipient(item: Addressed, myCompanyIds: readonly number[]): boolean {
  return item.to_company_id !== null && myCompanyIds.includes(item.to_company_id);
}

/** Only the receiving company acts on a to-do; the company switch is offered separately. */
export function canMarkProcessed(item: Addressed, myCompanyIds: readonly number[]): boolean {
  return isRecipient(item, myCompanyIds) && item.state !== 'PROCESSED';
}

export function canFavourite(item: Addressed, myCompanyIds: readonly number[]): boolean {
  return isRecipient(item, myCompanyIds) && item.state !== 'DELAYED';
}

/**
 * The confirmation to switch to the receiving company, or null when no switch is needed (or
 * possible: the user cannot switch to a company they do not belong to).
 */
export function companySwitchConfirmation(
  item: Pick<TodoItem, 'to_company_id'>,
  currentCompanyId: number,
  myCompanyIds: readonly number[],
): string | null {
  const to = item.to_company_id;
  if (to === null || to === currentCompanyId || !myCompanyIds.includes(to)) return null;
  return TODO_MESSAGES.SWITCH_TO_RECEIVING_COMPANY;
}

type Assigned = Pick<TodoItem, 'to_contacts_id' | 'to_contacts_name'>;

function belongsToAnotherContact(item: Assigned, user: InboxUser): boolean {
  return item.to_contacts_id !== null && !user.contacts.some((c) => c.id === item.to_contacts_id);
}

/** Asked before changing the state of someone else's to-do; null when it is the user's own. */
export function takeOverPrompt(item: Assigned, user: InboxUser): string | null {
  return belongsToAnotherContact(item, user)
    ? takeOverConfirmation(item.to_contacts_name ?? '')
    : null;
}

/**
 * The item after a confirmed state change: when it belonged to another contact the user's own
 * contact in the receiving company becomes the assignee. Same for MAIL and MESSAGE.
 */
export function applyStateChange<T extends TodoItem>(
  item: T,
  state: TodoState,
  user: InboxUser,
): T {
  if (!belongsToAnotherContact(item, user)) return { ...item, state };
  const mine = user.contacts.find((c) => c.company_id === item.to_company_id);
  return {
    ...item,
    state,
    to_contacts_id: mine?.id ?? item.to_contacts_id,
    to_contacts_name: mine?.name ?? user.name,
  };
}

/** Marked READ MARK_READ_DELAY_MS after the message panel opens. */
export function itemsToMarkRead<T extends Pick<TodoItem, 'state' | 'type' | 'to_contacts_id'>>(
  items: readonly T[],
  user: Pick<InboxUser, 'contacts'>,
): T[] {
  const mine = new Set(user.contacts.map((c) => c.id));
  return items.filter(
    (i) =>
      i.state === 'UNREAD' &&
      i.type === 'MESSAGE' &&
      i.to_contacts_id !== null &&
      mine.has(i.to_contacts_id),
  );
}
