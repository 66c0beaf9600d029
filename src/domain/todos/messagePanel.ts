// Rules of the chat panel attached to an order or a brand record (settings-messaging-shared
// §2 "Message panel", §5 "Message panel", §7 "Message panel", §9).

import { fileCountLimitMessage } from '../files/messages';
import { type FileLike, validateDuplicateName, validateFileSize } from '../files/uploads';
import { TODO_MESSAGES } from './messages';
import { MARK_READ_DELAY_MS, type TodoModule } from './todoCodes';

/** At most this many product attachments in the message input. */
export const MAX_MESSAGE_PRODUCT_ATTACHMENTS = 5;

/**
 * Where a message goes when the record has no default contact. The spec says a fixed company id
 * exists but not which; we send such messages to customer service (the first id of
 * CUSTOMER_SERVICE_COMPANY_IDS), which is who answers a record nobody is assigned to.
 */
export const FALLBACK_TARGET_COMPANY_ID = 9428;

export interface SendDraft {
  text: string;
  attachments: readonly unknown[];
  sending: boolean;
}

/** The message shown when the user tries to send nothing; null when there is something to send. */
export function validateSendContent(draft: Pick<SendDraft, 'text' | 'attachments'>): string | null {
  return draft.text.trim() === '' && draft.attachments.length === 0
    ? TODO_MESSAGES.EMPTY_MESSAGE
    : null;
}

/** A send in progress blocks a second one (silently: the first one's result is still to come). */
export function canSend(draft: SendDraft): boolean {
  return !draft.sending && validateSendContent(draft) === null;
}

/**
 * Replying to someone outside the user's companies names them: `@name subject`, unless the user
 * already wrote an @ themselves.
 */
export function prefixSubject(
  subject: string,
  sender: { companyId: number | null; contactName: string },
  myCompanyIds: readonly number[],
): string {
  const fromMyCompany = sender.companyId !== null && myCompanyIds.includes(sender.companyId);
  if (fromMyCompany || subject.includes('@') || sender.contactName === '') return subject;
  return `@${sender.contactName} ${subject}`;
}

export function targetCompanyId(
  contact: { company_id?: number | null } | null | undefined,
  fallbackCompanyId: number = FALLBACK_TARGET_COMPANY_ID,
): number {
  return contact?.company_id ?? fallbackCompanyId;
}

/** Whom a panel's message goes to, as the message and its optimistic row name them. */
export interface MessageRecipient {
  companyId: number;
  companyName: string | null;
  contactId: number | null;
  contactName: string | null;
}

/**
 * The record's default contact in its company; with no contact (or one whose company is not
 * known) the fallback company, with nobody named.
 */
export function messageRecipient(
  contact: {
    id: number;
    name: string;
    companyId: number | null;
    companyName: string | null;
  } | null,
  fallbackCompanyId: number = FALLBACK_TARGET_COMPANY_ID,
): MessageRecipient {
  if (contact === null || contact.companyId === null) {
    return { companyId: fallbackCompanyId, companyName: null, contactId: null, contactName: null };
  }
  return {
    companyId: contact.companyId,
    companyName: contact.companyName,
    contactId: contact.id,
    contactName: contact.name,
  };
}

export function canAddProductAttachment(currentCount: number): boolean {
  return currentCount < MAX_MESSAGE_PRODUCT_ATTACHMENTS;
}

/**
 * The subject as sent and as the server stores it (server/messaging/todoService.postMessage does
 * the same): the text trimmed, the @-prefix rule with the recipient as the named contact.
 */
export function outgoingSubject(
  text: string,
  recipient: { companyId: number | null; contactName: string },
  myCompanyIds: readonly number[],
): string {
  return prefixSubject(text.trim(), recipient, myCompanyIds).trim();
}

/** One record whose message thread a panel shows. */
export interface ThreadRef {
  module: TodoModule;
  moduleId: number;
}

/** The spec loads a panel's messages by at most two (module, id) pairs. */
export const MAX_PANEL_THREADS = 2;

/**
 * The records a panel shows messages of: its own, then the linked one (an order's sheet, a
 * sheet's order) when there is one and it is another record.
 */
export function panelThreads(own: ThreadRef, linked: ThreadRef | null): ThreadRef[] {
  const threads = [own];
  if (linked && (linked.module !== own.module || linked.moduleId !== own.moduleId)) {
    threads.push(linked);
  }
  return threads.slice(0, MAX_PANEL_THREADS);
}

export interface AttachmentChoice<T extends FileLike> {
  /** The list after adding what passes the rules, in the order chosen. */
  list: T[];
  /** Why files were left out, each message once. */
  refusals: string[];
}

/**
 * Files added to the message input: each under 20 MB, no name twice, at most
 * MAX_MESSAGE_PRODUCT_ATTACHMENTS in all (files past the limit are left out).
 */
export function addAttachments<T extends FileLike>(
  current: readonly T[],
  added: readonly T[],
): AttachmentChoice<T> {
  const list = [...current];
  const refusals = new Set<string>();
  for (const file of added) {
    const refusal =
      validateFileSize(file) ??
      validateDuplicateName(file.name, list) ??
      (canAddProductAttachment(list.length)
        ? null
        : fileCountLimitMessage(MAX_MESSAGE_PRODUCT_ATTACHMENTS));
    if (refusal === null) list.push(file);
    else refusals.add(refusal);
  }
  return { list, refusals: [...refusals] };
}

/**
 * Which of the messages to mark READ are due at `now`, and when the next one is: each one
 * MARK_READ_DELAY_MS after the open panel first showed it (for those there at opening, 5 s after
 * the panel opened, as §4 says; one that arrives while the panel is open, 5 s after it came).
 */
export function dueForReading(
  firstShown: ReadonlyMap<number, number>,
  now: number,
): { due: number[]; nextAt: number | null } {
  const due: number[] = [];
  let nextAt: number | null = null;
  for (const [id, shownAt] of firstShown) {
    const at = shownAt + MARK_READ_DELAY_MS;
    if (at <= now) due.push(id);
    else nextAt = nextAt === null ? at : Math.min(nextAt, at);
  }
  return { due, nextAt };
}
