// The create / draft form of a purchase sheet as a whole (purchasing-core §2.3, §5): every rule of
// validation.ts applied to the form's values at once, with each message keyed by the field it
// belongs to, what removing a line needs (refusal, confirmation or nothing) and what it says.

import { PAYMENT_METHODS, type PaymentMethod } from '../finance/paymentMethods';
import { PURCHASING_MESSAGES } from '../messages/purchasing';
import {
  MAX_LINE_ATTACHMENTS,
  needsDeleteConfirmation,
  validateBrandName,
  validateLineRemoval,
  validateProductEntryText,
  validateProductLines,
  validateQuantity,
} from './validation';

/** One product line as the form holds it: text inputs hold text, the quantity input a number or ''. */
export interface SheetFormLine {
  /** The catalogue product chosen from the suggestions; typing clears it. */
  productId: number | null;
  productType: string;
  productArticleNo: string;
  shortDescription: string;
  qty: number | string | null;
  attachments: readonly unknown[];
}

export interface SheetFormValues {
  brandName: string;
  lines: readonly SheetFormLine[];
}

/** Field path → message: `brandName`, `lines` (the whole list), `lines.<i>.<field>`. */
export type SheetFormErrors = Record<string, string>;

/** The methods a user may pick; UNKNOW is a code the server may hold, never a choice. */
export const SHEET_PAYMENT_METHOD_CHOICES: readonly PaymentMethod[] = PAYMENT_METHODS.filter(
  (method) => method !== 'UNKNOW',
);

/** A chosen catalogue product names the line as well as a model or order number does. */
const asDraftLine = (line: SheetFormLine) => ({
  id: line.productId,
  product_type: line.productType,
  product_article_no: line.productArticleNo,
  short_description: line.shortDescription,
  attachments: line.attachments,
});

/** Quantity as the form holds it, as a number when it is one ('' and junk are not). */
function quantityValue(qty: SheetFormLine['qty']): number | null {
  if (typeof qty === 'number') return qty;
  if (typeof qty !== 'string' || qty.trim() === '') return null;
  const parsed = Number(qty);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Every message the form shows before it may be saved; empty when it may. */
export function validateSheetForm(values: SheetFormValues): SheetFormErrors {
  const errors: SheetFormErrors = {};
  const brand = validateBrandName(values.brandName);
  if (brand !== null) errors.brandName = brand;
  const named = validateProductLines(values.lines.map(asDraftLine));
  if (named !== null) errors.lines = named;
  values.lines.forEach((line, index) => {
    const typeError = validateProductEntryText(line.productType, 'product');
    if (typeError !== null) errors[`lines.${index}.productType`] = typeError;
    const articleError = validateProductEntryText(line.productArticleNo, 'product');
    if (articleError !== null) errors[`lines.${index}.productArticleNo`] = articleError;
    const qtyError = validateQuantity(quantityValue(line.qty));
    if (qtyError !== null) errors[`lines.${index}.qty`] = qtyError;
    if (line.attachments.length > MAX_LINE_ATTACHMENTS) {
      errors[`lines.${index}.attachments`] = PURCHASING_MESSAGES.ATTACHMENT_TOO_MANY;
    }
  });
  return errors;
}

/** The quantity to send: the form's number (validateSheetForm has refused anything else). */
export function lineQuantity(line: SheetFormLine): number | null {
  return quantityValue(line.qty);
}

export type LineRemoval =
  | { kind: 'refused'; message: string }
  | { kind: 'confirm'; message: string }
  | { kind: 'remove' };

/** Removing line `index`: the last line stays; a line with anything in it asks first (§5). */
export function lineRemoval(lines: readonly SheetFormLine[], index: number): LineRemoval {
  const refused = validateLineRemoval(lines.length);
  if (refused !== null) return { kind: 'refused', message: refused };
  const line = lines[index];
  if (line && needsDeleteConfirmation(asDraftLine(line))) {
    return { kind: 'confirm', message: PURCHASING_MESSAGES.DELETE_LINE_CONFIRM };
  }
  return { kind: 'remove' };
}

export interface FormNotice {
  color: 'teal' | 'red';
  message: string;
}

/**
 * What the user is told after asking to remove a line (§8 产品删除成功): the success once it is
 * gone, the refusal's own reason (§5 至少需要保留一个产品！), nothing when they kept the line at
 * the confirmation. Removal is an edit of the form, so it cannot fail otherwise; a saved draft
 * sends it with its next save (docs/decisions.md).
 */
export function lineRemovalNotice(removal: LineRemoval, confirmed: boolean): FormNotice | null {
  if (removal.kind === 'refused') return { color: 'red', message: removal.message };
  if (removal.kind === 'confirm' && !confirmed) return null;
  return { color: 'teal', message: PURCHASING_MESSAGES.PRODUCT_LINE_DELETED };
}
