// The server's PDF renderer: the generate route builds a DocumentSpec on the main thread
// and renders it here, in worker threads (piscina, renderWorker.ts), so the 0.1–0.3 s of pdf-lib
// and fontkit CPU per PDF no longer stalls every other request. The render limit in front
// (renderLimit.ts) is the one bound: `threads` renders run at once (one per worker), `maxWaiting`
// wait in line, first come first served, and one more is refused at once (RenderBusyError, the
// route's 503). The pool itself never queues beyond that, so its own queue is left unbounded.
// Workers start on the first render (an app that never prints starts none) and exit after
// `idleTimeoutMs` without work: each holds the fonts (~5 MB) and pdf-lib. close() ends them all.
import { Piscina } from 'piscina';
import { type DocumentSpec, DocumentSpecError } from '../../src/documents/spec';
import { REGEXP_FALLBACK_FLAG } from '../regexpFallback';
import { createRenderLimit, type RenderLimit } from './renderLimit';
import type { RenderAnswer } from './renderWorker';

/** How long an idle worker stays: a user exporting several documents reuses it. */
export const RENDER_WORKER_IDLE_MS = 60_000;

// Its sibling in this module's own form: the .ts source under tsx, the .js of the server build.
const WORKER_FILE = new URL(
  `./renderWorker${import.meta.url.endsWith('.js') ? '.js' : '.ts'}`,
  import.meta.url,
).href;

/**
 * The worker runs TypeScript as the server does: through tsx. Under `tsx server/main.ts` the
 * parent's options already load it (a worker inherits them); under vitest they do not, so tsx is
 * added then (`--import tsx`, Node ≥ 20.6). V8's regexp fallback flag is the whole process's
 * (workers get it without asking) and Node refuses a worker that names it.
 */
export function workerExecArgv(parent: readonly string[] = process.execArgv): string[] {
  const own = parent.filter((option) => option !== REGEXP_FALLBACK_FLAG);
  const hasTsx = own.some((option) => /[/\\]tsx[/\\]|^tsx$/.test(option));
  return hasTsx ? own : [...own, '--import', 'tsx'];
}

export type DocumentRendererOptions = {
  /** Renders (and worker threads) at once: DOCUMENT_RENDERS. */
  threads: number;
  /** Renders that may wait for a thread; more are refused with RenderBusyError. */
  maxWaiting: number;
  idleTimeoutMs?: number;
};

export type DocumentRenderer = {
  /**
   * The PDF bytes of `spec`, rendered on a worker thread. Throws RenderBusyError when the line is
   * full and DocumentSpecError (rebuilt from its name and message) when the spec cannot be laid out.
   */
  render(spec: DocumentSpec): Promise<Uint8Array>;
  /** The bound in front of the pool: renders running and waiting now. */
  readonly limit: RenderLimit;
  /** Worker threads alive now (0 before the first render and after the idle timeout). */
  readonly threads: number;
  /** Lets running renders finish, then ends every worker. */
  close(): Promise<void>;
};

const isRefusal = (answer: RenderAnswer): answer is Exclude<RenderAnswer, Uint8Array> =>
  !(answer instanceof Uint8Array);

export function createDocumentRenderer({
  threads,
  maxWaiting,
  idleTimeoutMs = RENDER_WORKER_IDLE_MS,
}: DocumentRendererOptions): DocumentRenderer {
  const limit = createRenderLimit({ concurrency: threads, maxWaiting });
  let pool: Piscina<DocumentSpec, RenderAnswer> | null = null;
  let closed = false;

  const poolOf = () => {
    if (closed) throw new Error('document renderer closed');
    pool ??= new Piscina<DocumentSpec, RenderAnswer>({
      filename: WORKER_FILE,
      minThreads: 0,
      maxThreads: Math.max(1, Math.floor(threads)),
      idleTimeout: idleTimeoutMs,
      execArgv: workerExecArgv(),
    });
    return pool;
  };

  return {
    limit,
    async render(spec) {
      const answer = await limit.run(() => poolOf().run(spec));
      if (isRefusal(answer)) throw new DocumentSpecError(answer.message);
      return answer;
    },
    get threads() {
      return pool?.threads.length ?? 0;
    },
    async close() {
      closed = true;
      await pool?.close();
      pool = null;
    },
  };
}
