// Purchase sheet mutations that work offline (docs/api.md §6): create (a draft, or sent at once),
// save a draft's product lines, change the owner. A sheet created offline has a negative
// temporary id until its create is answered; later entries on it wait for that mapping.
import { z } from 'zod/mini';
import { OUTBOX_PATHS, type SheetCreateBody } from '../../../contract/api/outbox';
import { DEFAULT_PAYMENT_METHOD } from '../../../domain/finance/paymentMethods';
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
import { idSchema, isoTime, type MutationSpec, mapId, temporary, versionReached } from './spec';

const contactSchema = z.object({ id: idSchema, name: z.string() });

const createSchema = z.object({
  /** Temporary (negative) id of the new sheet. */
  sheetId: idSchema,
  brand: brandSchema,
  lines: z.array(lineSchema),
  /** true: stays a DRAFT; false: sent as an inquiry at once (INQUIRY_SENT). */
  saveToDraft: z.boolean(),
  supplier: z.nullable(
    z.object({
      companyId: z.nullable(idSchema),
      name: z.nullable(z.string()),
      paymentMethod: z.nullable(paymentMethodSchema),
    }),
  ),
  /** The owner (`reseller.contacts_user_id`); null lets the server pick the creator. */
  owner: z.nullable(contactSchema),
  remark: z.nullable(z.string()),
});
export type SheetCreatePayload = z.infer<typeof createSchema>;

export const sheetCreate: MutationSpec<SheetCreatePayload> = {
  version: 1,
  upgrades: {},
  schema: createSchema,
  entity: (p) => ({ table: 'sheets', id: p.sheetId }),
  touches: (p) => rowKey('sheets', p.sheetId),
  refs: () => [],
  creates: (p) => temporary(p.sheetId, p.brand.id),
  files: (p) => lineFiles(p.lines),
  mapIds: (p, map) => ({ ...p, sheetId: mapId(p.sheetId, map), brand: mapBrand(p.brand, map) }),
  ifMatch: () => null,
  withIfMatch: (p) => p,
  request: (p, uploaded, { companyId }) => ({
    method: 'POST',
    path: OUTBOX_PATHS.sheetCreate(),
    body: {
      brand: brandToWire(p.brand),
      product_list: p.lines.map((line) => lineToWire(line, uploaded)),
      save_to_draft: p.saveToDraft,
      supplier: p.supplier && {
        company_id: p.supplier.companyId,
        payment_method: p.supplier.paymentMethod,
      },
      reseller: p.owner && { company_id: companyId, contacts_user_id: p.owner.id },
      remark: p.remark,
    } satisfies SheetCreateBody,
  }),
  effect: (row, p, { companyId, createdAt }) => {
    // A server row already there is truer than our guess.
    if (row !== null && row[PENDING_FIELD] !== true) return row;
    const time = isoTime(createdAt);
    const state = p.saveToDraft ? 'DRAFT' : 'INQUIRY_SENT';
    const supplier = p.supplier;
    return {
      id: p.sheetId,
      company_id: companyId,
      name: '',
      state,
      state_change_time: time,
      state_log_list: [{ state, time }],
      brand: brandView(p.brand),
      brand_name: p.brand.name,
      current_node: { company_id: companyId, contacts_user: p.owner },
      supplier_node: {
        company:
          supplier?.companyId != null ? { id: supplier.companyId, name: supplier.name } : null,
        currency: null,
        taxed_amount: null,
        vip_balance: null,
        vip_taxed_amount: null,
        vip_rebate: null,
        payment_method: supplier?.paymentMethod ?? DEFAULT_PAYMENT_METHOD,
        price_map: {},
      },
      order: null,
      inquiry_product_list: lineViews(p.lines),
      cancelReason: null,
      remark: p.remark,
      create_time: time,
      write_time: time,
      version: 0,
      [PENDING_FIELD]: true,
    };
  },
  createdIds: (p, answer) => [
    ...(p.sheetId < 0 ? [[p.sheetId, answer.id] as const] : []),
    ...brandMapping(p.brand, answer),
  ],
  showsEffect: (row, _p, version) => versionReached(row, version),
};
