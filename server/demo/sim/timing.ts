// How fast the supplier simulator works. The base figures are for SIM_SPEED=1 and every figure is
// divided by the speed, so SIM_SPEED=10 runs ten times as fast (a quote after 3 s, an order step
// every 12 s) and SIM_SPEED=0.1 ten times as slow. At speed 1 a demo user who sends an inquiry
// sees the quote within about half a minute, an order moves one step every two minutes, and a
// chat message is read (and perhaps answered) after about ten seconds.

export type SimTiming = {
  /** Pause between two steps (the next step starts this long after the last one ended). */
  intervalMs: number;
  /** A sent inquiry is quoted once it has waited this long in its state. */
  quoteAgeMs: number;
  /** A contract under audit is confirmed once it has waited this long. */
  contractAgeMs: number;
  /** A buyer's cancel request is confirmed once it has waited this long. */
  cancelAgeMs: number;
  /** An order is touched (state, payment, invoice) at most once per dwell since its last change. */
  orderDwellMs: number;
  /** A buyer's chat message is read (and maybe answered) once it has waited this long. */
  replyAgeMs: number;
};

export const BASE_TIMING: SimTiming = {
  intervalMs: 5_000,
  quoteAgeMs: 30_000,
  contractAgeMs: 30_000,
  cancelAgeMs: 30_000,
  orderDwellMs: 120_000,
  replyAgeMs: 8_000,
};

/** Below this a timer would only burn CPU; PGlite answers a step in tens of milliseconds. */
const MIN_INTERVAL_MS = 50;

export function simTiming(speed = 1): SimTiming {
  const factor = Number.isFinite(speed) && speed > 0 ? speed : 1;
  const scale = (ms: number) => Math.round(ms / factor);
  return {
    intervalMs: Math.max(MIN_INTERVAL_MS, scale(BASE_TIMING.intervalMs)),
    quoteAgeMs: scale(BASE_TIMING.quoteAgeMs),
    contractAgeMs: scale(BASE_TIMING.contractAgeMs),
    cancelAgeMs: scale(BASE_TIMING.cancelAgeMs),
    orderDwellMs: scale(BASE_TIMING.orderDwellMs),
    replyAgeMs: scale(BASE_TIMING.replyAgeMs),
  };
}
