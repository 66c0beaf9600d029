// The buyer corrects an order's expected arrival date (purchasing-core §7.1 PATCH
// orders/{id}/forecast_receive_date), offline like the cancel request: the detail shows the new
// date at once, marked pending, and the engine sends it once (Idempotency-Key) when it can. The
// effect follows the server's rule (domain/orders/forecast.ts): an order signed for or cancelled
// keeps its date, so the device never shows one the server would refuse. The last date sent wins.
import { z } from 'zod/mini';
import { type OrderForecastBody, OUTBOX_PATHS } from '../../../contract/api/outbox';
import { isCalendarDate, offersForecastEdit } from '../../../domain/orders/forecast';
import { PENDING_FIELD, rowKey } from '../types';
import { orderStateOf } from './orders';
import { idSchema, type MutationSpec, mapId, temporary, versionReached } from './spec';

const forecastSchema = z.object({
  /** The order. */
  id: idSchema,
  /** The new expected arrival date, YYYY-MM-DD. */
  date: z.string().check(z.refine(isCalendarDate)),
});
export type OrderForecastPayload = z.infer<typeof forecastSchema>;

export const orderSetForecast: MutationSpec<OrderForecastPayload> = {
  version: 1,
  upgrades: {},
  schema: forecastSchema,
  entity: (p) => ({ table: 'orders', id: p.id }),
  touches: (p) => rowKey('orders', p.id),
  refs: (p) => temporary(p.id),
  creates: () => [],
  files: () => [],
  mapIds: (p, map) => ({ ...p, id: mapId(p.id, map) }),
  ifMatch: () => null,
  withIfMatch: (p) => p,
  request: (p) => ({
    method: 'PATCH',
    path: OUTBOX_PATHS.orderForecast(p.id),
    body: { forecast_receive_date: p.date } satisfies OrderForecastBody,
  }),
  effect: (row, p) => {
    if (row === null || !offersForecastEdit(orderStateOf(row))) return row;
    return { ...row, forecast_receive_date: p.date, [PENDING_FIELD]: true };
  },
  createdIds: () => [],
  showsEffect: (row, _p, version) => versionReached(row, version),
};
