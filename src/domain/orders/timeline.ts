// An order's progress as a timeline ("the order's progress drawn as a timeline of
// its state log, states 10 … 90 with their times"). The log (order_state_log_list) holds one
// entry per state change; the timeline lists the progress states in their order with the time
// each was reached, and the states still ahead without a time. A cancelled order has nothing
// ahead: it lists what it reached, then its cancellation.

import {
  ORDER_STATE_CODES,
  type OrderStateCode,
  orderStateLabel,
  toOrderStateCode,
} from './orderStates';
import { isCancelledOrder } from './orderTabs';

export interface TimelineEntry {
  /** The state's code as text ('10', '-20'). */
  state: string;
  label: string;
  /** ISO time the state was reached; null when it is still ahead (or the log lacks it). */
  time: string | null;
}

export interface OrderProgress {
  state: number | string | null | undefined;
  order_base_state?: string | null;
  state_change_time?: string | null;
  order_state_log_list?: ReadonlyArray<{ state: number | string; time: string }> | null;
}

const PROGRESS_CODES = ORDER_STATE_CODES.filter((code) => code > 0);
const CANCELLATION_CODES = ORDER_STATE_CODES.filter((code) => code < 0);

/** The latest time each state was reached: a state reached twice (after a withdrawn cancel) counts once. */
function reachedTimes(order: OrderProgress): Map<OrderStateCode, string> {
  const times = new Map<OrderStateCode, string>();
  for (const entry of order.order_state_log_list ?? []) {
    const code = toOrderStateCode(entry.state);
    if (code === null) continue;
    const known = times.get(code);
    if (known === undefined || known < entry.time) times.set(code, entry.time);
  }
  // The present state was reached at the last state change, even when the log misses it.
  const current = toOrderStateCode(order.state);
  if (current !== null && !times.has(current) && order.state_change_time) {
    times.set(current, order.state_change_time);
  }
  return times;
}

const entry = (code: OrderStateCode, time: string | null): TimelineEntry => ({
  state: String(code),
  label: orderStateLabel(code),
  time,
});

export function orderTimeline(order: OrderProgress): TimelineEntry[] {
  const times = reachedTimes(order);
  if (isCancelledOrder({ state: order.state, order_base_state: order.order_base_state ?? null })) {
    return [...PROGRESS_CODES, ...CANCELLATION_CODES]
      .filter((code) => times.has(code))
      .map((code) => entry(code, times.get(code) ?? null));
  }
  return PROGRESS_CODES.map((code) => entry(code, times.get(code) ?? null));
}

/** The entry the timeline marks as where the record stands: the last one with a time, -1 if none. */
export function activeTimelineIndex(entries: readonly TimelineEntry[]): number {
  return entries.findLastIndex((item) => item.time !== null);
}
