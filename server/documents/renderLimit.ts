// How many PDFs the server renders at once, and how many may wait: the one bound of the document
// renderer (renderPool.ts). A render runs on a worker thread (0.1–0.3 s of pdf-lib and fontkit
// CPU), one per thread, so at most `concurrency` (DOCUMENT_RENDERS, the pool's thread count) run
// and at most `maxWaiting` wait in line; one more is refused at once, and the route answers 503
// with Retry-After, rather than letting a burst of exports pile up behind each other. A counting
// semaphore with a bounded, first-come-first-served queue, in a few lines: p-limit has no bound on
// its queue, p-queue needs Node 22, and piscina's own maxQueue also counts the capacity of
// workers still starting, so its bound shifts while the pool grows.

/** The line is full: the caller should come back later. */
export class RenderBusyError extends Error {
  constructor() {
    super('document renderer busy');
    this.name = 'RenderBusyError';
  }
}

export type RenderLimit = {
  /** Runs `task` once a slot is free; throws RenderBusyError when the line is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Renders running now. */
  readonly running: number;
  /** Renders waiting for a slot. */
  readonly waiting: number;
};

export type RenderLimitOptions = { concurrency: number; maxWaiting: number };

export function createRenderLimit({ concurrency, maxWaiting }: RenderLimitOptions): RenderLimit {
  const slots = Math.max(1, Math.floor(concurrency));
  const line = Math.max(0, Math.floor(maxWaiting));
  let running = 0;
  const waiting: Array<() => void> = [];

  /** A finished task hands its slot straight to the next in line (first come, first served). */
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < slots) running++;
      else if (waiting.length < line) await new Promise<void>((resolve) => waiting.push(resolve));
      else throw new RenderBusyError();
      try {
        return await task();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
