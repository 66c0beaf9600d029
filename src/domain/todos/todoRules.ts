// Who may do what with a to-do, and how it is highlighted (settings-messaging-shared §2 "To-do
// and message inbox", §4 "Message and to-do", §6 "A to-do owned by another contact can be taken
// over after confirmation").

import { TODO_INBOX_MESSAGES, TODO_MESSAGES, takeOverConfirmation } from './messages';
import type { TodoState } from './todoCodes';
import type { InboxUser, TodoItem } from './todoItem';

type Addressed = Pick<TodoItem, 'state' | 'to_company_id'>;

/** Shown red: still open (UNREAD or READ) and addressed to the company the user works for now. */
export function isHighlighted(item: Addressed, currentCompanyId: number): boolean {
  return (
    (item.state === 'UNREAD' || item.state === 'READ') && item.to_company_id === currentCompanyId
  );
}

/**
 * The sender's marker: one of my companies sent it and the other party has not read it yet. A
 * colleague's message to one of `myContactIds` gets none: there the user is the other party.
 */
export function showsSenderUnreadMarker(
  item: Pick<TodoItem, 'state' | 'from_company_id'> & Partial<Pick<TodoItem, 'to_contacts_id'>>,
  myCompanyIds: readonly number[],
  myContactIds: readonly number[] = [],
): boolean {
  const to = item.to_contacts_id ?? null;
  const toMe = to !== null && myContactIds.includes(to);
  return (
    item.state === 'UNREAD' &&
    item.from_company_id !== null &&
    myCompanyIds.includes(item.from_company_id) &&
    !toMe
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
 * The company a to-do is acted on and opened in: its recipient when that is one of the user's
 * companies (only the recipient marks it), else its sender; null when neither is the user's.
 */
export function owningCompany(
  item: Pick<TodoItem, 'from_company_id' | 'to_company_id'>,
  myCompanyIds: readonly number[],
): number | null {
  for (const company of [item.to_company_id, item.from_company_id]) {
    if (company !== null && myCompanyIds.includes(company)) return company;
  }
  return null;
}

export interface CompanySwitch {
  companyId: number;
  message: string;
}

/**
 * The switch offered before opening or acting on a to-do of another of the user's companies:
 * the company and the question (the spec's wording for the recipient, ours for the sender);
 * null when the current company is that company, or the user cannot switch to it.
 */
export function companySwitchConfirmation(
  item: Pick<TodoItem, 'from_company_id' | 'to_company_id'>,
  currentCompanyId: number,
  myCompanyIds: readonly number[],
): CompanySwitch | null {
  const owner = owningCompany(item, myCompanyIds);
  if (owner === null || owner === currentCompanyId) return null;
  return {
    companyId: owner,
    message:
      owner === item.to_company_id
        ? TODO_MESSAGES.SWITCH_TO_RECEIVING_COMPANY
        : TODO_INBOX_MESSAGES.SWITCH_TO_SENDING_COMPANY,
  };
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
  const assignee = assigneeAfterTakeOver(item, user);
  if (assignee === null) return { ...item, state };
  return { ...item, state, to_contacts_id: assignee.id, to_contacts_name: assignee.name };
}

/**
 * The user's contact in the receiving company, who becomes the assignee when the user changes
 * the state of another contact's to-do; null when the to-do is the user's own (or unassigned).
 */
export function assigneeAfterTakeOver(
  item: Assigned & Pick<TodoItem, 'to_company_id'>,
  user: InboxUser,
): { id: number; name: string } | null {
  if (!belongsToAnotherContact(item, user) || item.to_contacts_id === null) return null;
  const mine = user.contacts.find((c) => c.company_id === item.to_company_id);
  return { id: mine?.id ?? item.to_contacts_id, name: mine?.name ?? user.name };
}

/** The state changes the inbox offers: marking processed and favouriting (DELAYED). */
export type InboxStateChange = Extract<TodoState, 'PROCESSED' | 'DELAYED'>;

export interface StateChangePlan {
  /** The recipient company: the change is made (and queued) as that company. */
  companyId: number;
  /** Asked first when the user works in another company now. */
  companySwitch: CompanySwitch | null;
  /** Asked next when the to-do belongs to another contact. */
  takeOver: string | null;
  /** Who the to-do is assigned to after a take-over; null keeps the assignee. */
  assignee: { id: number; name: string } | null;
}

/**
 * What changing a to-do's state takes, in the order the user is asked; null when the user may
 * not make this change (not the recipient company, or the state is already set).
 */
export function planStateChange(
  item: Pick<
    TodoItem,
    'state' | 'from_company_id' | 'to_company_id' | 'to_contacts_id' | 'to_contacts_name'
  >,
  state: InboxStateChange,
  currentCompanyId: number,
  user: InboxUser,
): StateChangePlan | null {
  const mine = user.contacts.map((c) => c.company_id);
  const allowed = state === 'PROCESSED' ? canMarkProcessed(item, mine) : canFavourite(item, mine);
  if (!allowed || item.to_company_id === null) return null;
  return {
    companyId: item.to_company_id,
    companySwitch: companySwitchConfirmation(item, currentCompanyId, mine),
    takeOver: takeOverPrompt(item, user),
    assignee: assigneeAfterTakeOver(item, user),
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
