// Saving a draft sheet offline (docs/api.md §6 `POST …/inquiry_quotation/{id}`): the product lines
// are replaced as a whole, with If-Match on the version the user edited, so a draft someone else
// changed meanwhile comes back as a 409 with both versions instead of being overwritten.
import { z } from 'zod/mini';
import { OUTBOX_PATHS, type SheetDraftBody } from '../../../contract/api/outbox';
import { isRecord } from '../../../domain/guards';
import { PENDING_FIELD, rowKey } from '../types';
import {
  brandMapping,
  brandSchema,
  brandToWire,
  brandView,
  lineFiles,
  lineSchema,
  lineToWire,
  lineViews,
  mapBrand,
  paymentMethodSchema,
} from './sheetParts';
import { idSchema, type MutationSpec, mapId, temporary, versionReached } from './spec';

const saveDraftSchema = z.object({
  sheetId: idSchema,
  /** The version the user edited (0 for a sheet created offline: chained when its create lands). */
  ifMatch: idSchema,
  lines: z.array(lineSchema),
  /** Replaces the brand when given. */
  brand: z.nullable(brandSchema),
  paymentMethod: z.nullable(paymentMethodSchema),
  /** Replaced when present (undefined = leave the remark as it is). */
  remark: z.optional(z.nullable(z.string())),
});
export type SheetSaveDraftPayload = z.infer<typeof saveDraftSchema>;

export const sheetSaveDraft: MutationSpec<SheetSaveDraftPayload> = {
  version: 1,
  upgrades: {},
  schema: saveDraftSchema,
  entity: (p) => ({ table: 'sheets', id: p.sheetId }),
  touches: (p) => rowKey('sheets', p.sheetId),
  refs: (p) => temporary(p.sheetId),
  // A new brand typed here is made by name on the server, like on create.
  creates: (p) => temporary(p.brand?.id ?? null),
  files: (p) => lineFiles(p.lines),
  mapIds: (p, map) => ({
    ...p,
    sheetId: mapId(p.sheetId, map),
    brand: p.brand && mapBrand(p.brand, map),
  }),
  ifMatch: (p) => p.ifMatch,
  withIfMatch: (p, version) => ({ ...p, ifMatch: version }),
  request: (p, uploaded) => ({
    method: 'POST',
    path: OUTBOX_PATHS.sheetDraft(p.sheetId),
    body: {
      product_list: p.lines.map((line) => lineToWire(line, uploaded)),
      ...(p.brand ? { brand: brandToWire(p.brand) } : {}),
      ...(p.paymentMethod ? { supplier: { payment_method: p.paymentMethod } } : {}),
      ...(p.remark !== undefined ? { remark: p.remark } : {}),
    } satisfies SheetDraftBody,
  }),
  effect: (row, p) => {
    if (row === null) return null;
    const supplierNode = isRecord(row.supplier_node) ? row.supplier_node : {};
    return {
      ...row,
      inquiry_product_list: lineViews(p.lines),
      ...(p.brand ? { brand: brandView(p.brand), brand_name: p.brand.name } : {}),
      ...(p.paymentMethod
        ? { supplier_node: { ...supplierNode, payment_method: p.paymentMethod } }
        : {}),
      ...(p.remark !== undefined ? { remark: p.remark } : {}),
      [PENDING_FIELD]: true,
    };
  },
  createdIds: (p, answer) => brandMapping(p.brand, answer),
  showsEffect: (row, _p, version) => versionReached(row, version),
};
