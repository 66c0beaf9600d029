// The sheet form's values: empty for the create form, read from a stored draft for editing, and
// turned into the outbox payloads of 'sheet.create' and 'sheet.saveDraft'
// (src/sync/core/mutations/sheets.ts, sheetDraft.ts). Attachments are file references: a blob
// kept on the device until upload, or a file already on the server.
import { randomId } from '@mantine/hooks';
import type { StoredSheet } from '../../../data/derive';
import {
  DEFAULT_PAYMENT_METHOD,
  isPaymentMethod,
  type PaymentMethod,
} from '../../../domain/finance/paymentMethods';
import { lineQuantity, type SheetFormLine } from '../../../domain/purchase/sheetForm';
import { NEW_LINE_QUANTITY } from '../../../domain/purchase/validation';
import type { SheetSaveDraftPayload } from '../../../sync/core/mutations/sheetDraft';
import type { BrandInput, LineInput } from '../../../sync/core/mutations/sheetParts';
import type { SheetCreatePayload } from '../../../sync/core/mutations/sheets';
import type { FileRef } from '../../../sync/core/mutations/spec';
import type { BrandValue } from '../../catalog/BrandField';

export interface LineValue extends SheetFormLine {
  /** React's key for the line (lines move when one above is removed). */
  key: string;
  qty: number | string;
  attachments: FileRef[];
}

export interface SheetFormState {
  brand: BrandValue;
  lines: LineValue[];
  paymentMethod: PaymentMethod;
}

export function newLine(): LineValue {
  return {
    key: randomId(),
    productId: null,
    productType: '',
    productArticleNo: '',
    shortDescription: '',
    qty: NEW_LINE_QUANTITY,
    attachments: [],
  };
}

export function emptyForm(): SheetFormState {
  return {
    brand: { id: null, name: '', view: null },
    lines: [newLine()],
    paymentMethod: DEFAULT_PAYMENT_METHOD,
  };
}

/** A stored attachment as a reference: on the server (object name) or still on the device. */
function fileRefOf(file: Record<string, unknown>): FileRef | null {
  const objectName =
    typeof file.object_name === 'string' && file.object_name ? file.object_name : null;
  const clientFileId = typeof file.client_file_id === 'string' ? file.client_file_id : null;
  if (objectName === null && clientFileId === null) return null;
  const name = typeof file.name === 'string' ? file.name : (objectName?.split('/').pop() ?? '');
  return {
    clientFileId,
    objectName,
    name,
    contentType: typeof file.content_type === 'string' ? file.content_type : '',
    size: typeof file.size === 'number' ? file.size : 0,
  };
}

export function attachmentRefs(files: readonly object[]): FileRef[] {
  return files.flatMap((file) => fileRefOf(file as Record<string, unknown>) ?? []);
}

export function formFromSheet(sheet: StoredSheet): SheetFormState {
  const method = sheet.supplier_node.payment_method;
  const lines = sheet.inquiry_product_list.map(
    (line): LineValue => ({
      key: randomId(),
      productId: line.product_id,
      productType: line.product_type ?? '',
      productArticleNo: line.product_article_no ?? '',
      shortDescription: line.short_description ?? '',
      qty: line.qty,
      attachments: attachmentRefs(line.attachments),
    }),
  );
  return {
    brand: {
      id: sheet.brand?.id ?? null,
      name: sheet.brand?.name ?? sheet.brand_name ?? '',
      view: sheet.brand ? { ...sheet.brand } : null,
    },
    lines: lines.length > 0 ? lines : [newLine()],
    paymentMethod: isPaymentMethod(method) ? method : DEFAULT_PAYMENT_METHOD,
  };
}

const textOrNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

export function linesPayload(lines: readonly LineValue[]): LineInput[] {
  return lines.map((line) => ({
    productId: line.productId,
    productType: textOrNull(line.productType),
    productArticleNo: textOrNull(line.productArticleNo),
    shortDescription: textOrNull(line.shortDescription),
    qty: lineQuantity(line),
    attachments: line.attachments,
  }));
}

export function brandPayload(brand: BrandValue): BrandInput {
  return { id: brand.id, name: brand.name.trim(), view: brand.view };
}

export function createPayload(
  form: SheetFormState,
  args: {
    sheetId: number;
    saveToDraft: boolean;
    owner: { id: number; name: string };
  },
): SheetCreatePayload {
  return {
    sheetId: args.sheetId,
    brand: brandPayload(form.brand),
    lines: linesPayload(form.lines),
    saveToDraft: args.saveToDraft,
    // The server picks the supplier (the buyer's default one); only the terms are the user's.
    supplier: { companyId: null, name: null, paymentMethod: form.paymentMethod },
    owner: args.owner,
    remark: null,
  };
}

export function saveDraftPayload(
  form: SheetFormState,
  sheet: Pick<StoredSheet, 'id' | 'version'>,
): SheetSaveDraftPayload {
  return {
    sheetId: sheet.id,
    ifMatch: sheet.version,
    lines: linesPayload(form.lines),
    brand: brandPayload(form.brand),
    paymentMethod: form.paymentMethod,
  };
}
