// Rules of the chat panel attached to an order or a brand record (settings-messaging-shared
// §2 "Message panel", §5 "Message panel", §7 "Message panel", §9).

import { TODO_MESSAGES } from './messages';

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

export function canAddProductAttachment(currentCount: number): boolean {
  return currentCount < MAX_MESSAGE_PRODUCT_ATTACHMENTS;
}
