// Form rules of the purchase sheet and its product-line entry (purchasing-core §5, §9).
// Validators return the exact Chinese message from the purchasing catalogue, or null when valid.

import { hasChineseCharacters, meetsSearchMinimum } from '../format/text';
import {
  PRODUCT_ENTRY_MESSAGES,
  type ProductEntryForm,
  PURCHASING_MESSAGES,
} from '../messages/purchasing';

export const NEW_LINE_QUANTITY = 1;
export const MAX_LINE_ATTACHMENTS = 2;
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

/** Image types the app recognises (settings-messaging-shared §9) plus PDF; the extension decides when the type is blank. */
export const LINE_ATTACHMENT_TYPES: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/svg+xml': ['svg'],
  'application/pdf': ['pdf'],
};

export function validateBrandName(name: string | null | undefined): string | null {
  return (name ?? '').trim() === '' ? PURCHASING_MESSAGES.BRAND_NAME_REQUIRED : null;
}

export interface DraftLine {
  id?: number | null;
  product_type?: string | null;
  product_article_no?: string | null;
  short_description?: string | null;
  qty?: number | null;
  attachments?: readonly unknown[] | null;
}

function filled(text: string | null | undefined): boolean {
  return (text ?? '').trim() !== '';
}

/** At least one line must name a model, an order number, or be a saved line (existing id). */
export function validateProductLines(lines: readonly DraftLine[]): string | null {
  const named = lines.some(
    (line) =>
      filled(line.product_type) ||
      filled(line.product_article_no) ||
      (line.id !== null && line.id !== undefined),
  );
  return named ? null : PURCHASING_MESSAGES.MODEL_OR_ARTICLE_NO_REQUIRED;
}

/** Removing a line is refused when it is the last one. */
export function validateLineRemoval(lineCount: number): string | null {
  return lineCount <= 1 ? PURCHASING_MESSAGES.KEEP_ONE_PRODUCT : null;
}

/** Deleting a line the user has put anything into asks first (该操作不可恢复); a blank line just goes. */
export function needsDeleteConfirmation(line: DraftLine): boolean {
  return (
    (line.id !== null && line.id !== undefined) ||
    filled(line.product_type) ||
    filled(line.product_article_no) ||
    filled(line.short_description) ||
    (line.attachments?.length ?? 0) > 0
  );
}

export function newDraftLine(): DraftLine {
  return {
    product_type: '',
    product_article_no: '',
    short_description: '',
    qty: NEW_LINE_QUANTITY,
    attachments: [],
  };
}

export function validateQuantity(qty: unknown): string | null {
  return typeof qty === 'number' && Number.isInteger(qty) && qty >= 1
    ? null
    : PURCHASING_MESSAGES.QUANTITY_INVALID;
}

/** Structural stand-in for a browser File, so the domain stays free of DOM types. */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function isAcceptedType(file: FileLike): boolean {
  const byType = LINE_ATTACHMENT_TYPES[file.type.toLowerCase()];
  if (byType) return true;
  if (file.type !== '') return false;
  const ext = extensionOf(file.name);
  return Object.values(LINE_ATTACHMENT_TYPES).some((exts) => exts.includes(ext));
}

/**
 * Checks one file about to be attached to a line that already has `existingCount` attachments.
 * Order: count, type, size — the count message tells the user no other file would help either.
 */
export function validateLineAttachment(file: FileLike, existingCount: number): string | null {
  if (existingCount >= MAX_LINE_ATTACHMENTS) return PURCHASING_MESSAGES.ATTACHMENT_TOO_MANY;
  if (!isAcceptedType(file)) return PURCHASING_MESSAGES.ATTACHMENT_WRONG_TYPE;
  if (file.size >= MAX_ATTACHMENT_BYTES) return PURCHASING_MESSAGES.ATTACHMENT_TOO_LARGE;
  return null;
}

export function validateCancelReason(reason: string | null | undefined): string | null {
  return (reason ?? '').trim() === '' ? PURCHASING_MESSAGES.CANCEL_REASON_REQUIRED : null;
}

/** Product entry text: Chinese characters are refused (message worded per form). */
export function validateProductEntryText(text: string, form: ProductEntryForm): string | null {
  return hasChineseCharacters(text) ? PRODUCT_ENTRY_MESSAGES[form].CHINESE_CHARACTERS : null;
}

/** Whether the typed text may be searched (no Chinese, 2+ characters after trimming), and if not, why. */
export function productSearchCheck(
  text: string,
  form: ProductEntryForm,
): { search: true } | { search: false; message: string } {
  const invalid = validateProductEntryText(text, form);
  if (invalid !== null) return { search: false, message: invalid };
  if (!meetsSearchMinimum(text)) {
    return { search: false, message: PRODUCT_ENTRY_MESSAGES[form].TOO_SHORT };
  }
  return { search: true };
}

export interface ProductEntryState {
  text: string;
  productId: number | null;
}

export type ProductEntryAction =
  | { type: 'edit'; text: string }
  | { type: 'choose'; productId: number; text: string }
  | { type: 'clear' };

/** Typing after choosing a suggestion means the line no longer names that product: drop its id. */
export function productEntryReducer(
  state: ProductEntryState,
  action: ProductEntryAction,
): ProductEntryState {
  switch (action.type) {
    case 'edit':
      return action.text === state.text ? state : { text: action.text, productId: null };
    case 'choose':
      return { text: action.text, productId: action.productId };
    case 'clear':
      return { text: '', productId: null };
  }
}
