// The pieces a sheet create and a draft save share: product lines and the brand, as stored in the
// outbox, as sent (docs/api.md §6 "Product line input", "Brand input") and as shown in the
// optimistic sheet row (docs/api.md §3 `sheets`).
import { z } from 'zod/mini';
import { PAYMENT_METHODS } from '../../../domain/finance/paymentMethods';
import { isRecord } from '../../../domain/guards';
import type { IdMap, Row, UploadedFiles } from '../types';
import { attachmentView, type FileRef, fileRefSchema, idSchema, mapId, objectNameOf } from './spec';

export const paymentMethodSchema = z.enum(PAYMENT_METHODS);

export const lineSchema = z.object({
  /** The catalogue product chosen (the wire's `product_id`), null for free text. */
  productId: z.nullable(idSchema),
  productType: z.nullable(z.string()),
  productArticleNo: z.nullable(z.string()),
  shortDescription: z.nullable(z.string()),
  qty: z.nullable(z.number()),
  attachments: z.array(fileRefSchema),
});
export type LineInput = z.infer<typeof lineSchema>;

/**
 * The brand chosen: `id` > 0 an existing brand, < 0 a new brand's temporary id (the server makes
 * it by name, so it never waits for a mapping), null a typed name. `view` is the brand object the
 * form had from the search, shown until the pull brings the server's.
 */
export const brandSchema = z.object({
  id: z.nullable(idSchema),
  name: z.string(),
  view: z.nullable(z.record(z.string(), z.unknown())),
});
export type BrandInput = z.infer<typeof brandSchema>;

export function lineToWire(line: LineInput, uploaded: UploadedFiles) {
  return {
    product_id: line.productId,
    product_type: line.productType,
    product_article_no: line.productArticleNo,
    short_description: line.shortDescription,
    qty: line.qty,
    attachments: line.attachments.map((ref) => ({ object_name: objectNameOf(ref, uploaded) })),
  };
}

export const brandToWire = (brand: BrandInput) => ({ id: brand.id, name: brand.name });

export const lineFiles = (lines: readonly LineInput[]): FileRef[] =>
  lines.flatMap((line) => line.attachments);

export function mapBrand(brand: BrandInput, map: IdMap): BrandInput {
  return brand.id === null ? brand : { ...brand, id: mapId(brand.id, map) };
}

/**
 * The lines as the sheet row shows them. Their ids are local placeholders (the server gives a
 * saved draft all-new line ids); the pull replaces the whole list.
 */
export function lineViews(lines: readonly LineInput[]) {
  return lines.map((line, index) => ({
    id: -(index + 1),
    product_id: line.productId,
    product_type: line.productType,
    product_article_no: line.productArticleNo,
    short_description: line.shortDescription,
    qty: line.qty ?? 1,
    attachments: line.attachments.map(attachmentView),
    quote_state: 'WAITING_INQUIRY',
    shipment_period: null,
    product: { state: null, validity_end_date: null, quote_comment: null, url_path: null },
  }));
}

/** The row's `brand` object: the form's view of it, else a new brand as the server makes one. */
export function brandView(brand: BrandInput) {
  if (brand.id === null) return null;
  return {
    url_path: null,
    is_published: false,
    logo_file: null,
    state: 'UNSPECIFIED',
    comment: null,
    correct_brand: null,
    ...brand.view,
    id: brand.id,
    name: brand.name,
  };
}

/** A new brand's server id from an answer row, paired with the temporary id the entry sent. */
export function brandMapping(
  brand: BrandInput | null,
  answer: Row,
): Array<readonly [number, number]> {
  const served = isRecord(answer.brand) ? answer.brand.id : null;
  if (brand?.id == null || brand.id >= 0 || typeof served !== 'number') return [];
  return [[brand.id, served]];
}
