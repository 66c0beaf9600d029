// The buyer's order cancel request (purchasing-core §7 `POST /orders-api/v7/orders/{id}/actions`,
// action cancel with a reason), offline like the owner change: the order shows 取消申请中 (−10) at
// once, marked pending, and the engine sends the request once (Idempotency-Key) when it can. The
// effect mirrors the server's rule (orderService.cancelOrder), so it never shows a state the
// server would refuse to set.
import { z } from 'zod/mini';
import { type OrderActionBody, OUTBOX_PATHS } from '../../../contract/api/outbox';
import { offersOrderCancelRequest } from '../../../domain/orders/rules';
import { PENDING_FIELD, rowKey } from '../types';
import { idSchema, type MutationSpec, mapId, temporary, versionReached } from './spec';

/** The state the server sets on a cancel request (the base state stays). */
export const CANCEL_REQUESTED_CODE = -10;

const cancelSchema = z.object({
  /** The order. */
  id: idSchema,
  /** Why the buyer cancels (required by the dialog, trimmed). */
  reason: z.string(),
});
export type OrderCancelPayload = z.infer<typeof cancelSchema>;

/** An order row's state fields, as the domain's order rules read them (a stored row is loose). */
export const orderStateOf = (row: Record<string, unknown>) => ({
  state: typeof row.state === 'number' || typeof row.state === 'string' ? row.state : null,
  order_base_state: typeof row.order_base_state === 'string' ? row.order_base_state : null,
});

export const orderRequestCancel: MutationSpec<OrderCancelPayload> = {
  version: 1,
  upgrades: {},
  schema: cancelSchema,
  entity: (p) => ({ table: 'orders', id: p.id }),
  touches: (p) => rowKey('orders', p.id),
  refs: (p) => temporary(p.id),
  creates: () => [],
  files: () => [],
  mapIds: (p, map) => ({ ...p, id: mapId(p.id, map) }),
  ifMatch: () => null,
  withIfMatch: (p) => p,
  request: (p) => ({
    method: 'POST',
    path: OUTBOX_PATHS.orderAction(p.id),
    body: { action: 'cancel', reason: p.reason } satisfies OrderActionBody,
  }),
  effect: (row) => {
    if (row === null || !offersOrderCancelRequest(orderStateOf(row))) return row;
    return { ...row, state: CANCEL_REQUESTED_CODE, [PENDING_FIELD]: true };
  },
  createdIds: () => [],
  showsEffect: (row, _p, version) => versionReached(row, version),
};
