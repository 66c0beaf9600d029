// Owner changes of a sheet and of an order (docs/api.md §6 `PUT …/inquiry_quotation/{id}/follower`,
// §7 `PUT /orders-api/v7/orders/{id}/follower`), both with If-Match. The owner shown changes at
// once; the row's owner lives in `current_node` (sheets) or `current_order_node` (orders).
import { z } from 'zod/mini';
import { type FollowerBody, OUTBOX_PATHS } from '../../../contract/api/outbox';
import { isRecord } from '../../../domain/guards';
import { PENDING_FIELD, type Row, rowKey } from '../types';
import { idSchema, type MutationSpec, mapId, temporary, versionReached } from './spec';

const ownerSchema = z.object({
  /** The sheet or order. */
  id: idSchema,
  /** The version the user saw when choosing. */
  ifMatch: idSchema,
  /** The new owner (`follower_id`) with the name the row shows. */
  owner: z.object({ id: idSchema, name: z.string() }),
});
export type OwnerChangePayload = z.infer<typeof ownerSchema>;

function withOwner(row: Row | null, node: string, owner: OwnerChangePayload['owner']): Row | null {
  if (row === null) return null;
  const current = isRecord(row[node]) ? row[node] : { company_id: row.company_id };
  return {
    ...row,
    [node]: { ...current, contacts_user: { id: owner.id, name: owner.name } },
    [PENDING_FIELD]: true,
  };
}

function ownerChange(
  table: 'sheets' | 'orders',
  path: (id: number) => string,
  node: string,
): MutationSpec<OwnerChangePayload> {
  return {
    version: 1,
    upgrades: {},
    schema: ownerSchema,
    entity: (p) => ({ table, id: p.id }),
    touches: (p) => rowKey(table, p.id),
    refs: (p) => temporary(p.id),
    creates: () => [],
    files: () => [],
    mapIds: (p, map) => ({ ...p, id: mapId(p.id, map) }),
    ifMatch: (p) => p.ifMatch,
    withIfMatch: (p, version) => ({ ...p, ifMatch: version }),
    request: (p) => ({
      method: 'PUT',
      path: path(p.id),
      body: { follower_id: p.owner.id } satisfies FollowerBody,
    }),
    effect: (row, p) => withOwner(row, node, p.owner),
    createdIds: () => [],
    showsEffect: (row, _p, version) => versionReached(row, version),
  };
}

export const sheetChangeOwner = ownerChange('sheets', OUTBOX_PATHS.sheetFollower, 'current_node');

export const orderChangeOwner = ownerChange(
  'orders',
  OUTBOX_PATHS.orderFollower,
  'current_order_node',
);
