// Server-side faults for the sync property test, as Fastify hooks on the test
// server, at the two points an outbox cares about: before the handler (a 503, nothing committed;
// a slow start; someone else's change of the same row just before ours) and after it (committed,
// then the connection is cut or the answer is late). Only the engine's requests are touched:
// mutations carrying an Idempotency-Key and feed pulls. Every answered mutation is logged with its
// key, status and body (and whether it reached the client): the oracle the invariants compare to.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Which requests a fault waits for: an outbox mutation, or a page of the sync feed. */
export type FaultTarget = 'mutation' | 'pull';

export type Fault =
  /** 503 before the handler runs: nothing is committed. */
  | { kind: 'unavailable'; target: FaultTarget }
  /** The handler runs and commits, then the socket is destroyed instead of answering. */
  | { kind: 'resetAfterCommit'; target: FaultTarget }
  /** The request waits `ms` before the handler, or after it (committed, answer late). */
  | { kind: 'slow'; target: FaultTarget; ms: number; phase: 'before' | 'after' }
  /** Runs `change` just before the handler: someone else's write that the request then meets. */
  | { kind: 'interleave'; target: FaultTarget; change: () => Promise<void> };

export interface AnsweredMutation {
  key: string;
  method: string;
  path: string;
  status: number;
  body: unknown;
  /** False when the answer was cut by `resetAfterCommit`: the client saw a network error. */
  delivered: boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function targetOf(request: FastifyRequest): FaultTarget | null {
  if (request.method === 'GET') {
    return request.url.startsWith('/sync-api/v1/changes') ? 'pull' : null;
  }
  return typeof request.headers['idempotency-key'] === 'string' ? 'mutation' : null;
}

function parse(payload: unknown): unknown {
  if (typeof payload !== 'string') return null;
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}

export class ServerFaults {
  /** Waiting faults, each taken by the first request of its target. */
  private queue: Fault[] = [];
  private readonly taken = new WeakMap<FastifyRequest, Fault>();
  readonly answers: AnsweredMutation[] = [];
  /** Called with every answered mutation (a test may poke its clients on commits). */
  onAnswer: (answer: AnsweredMutation) => void = () => undefined;

  inject(...faults: Fault[]): void {
    this.queue.push(...faults);
  }

  /** Faults not yet met by a request. */
  waiting(): number {
    return this.queue.length;
  }

  /** Drops the waiting faults, the log and the listener (a new run). */
  reset(): void {
    this.queue = [];
    this.answers.length = 0;
    this.onAnswer = () => undefined;
  }

  /** Drops the waiting faults only (healing the network at the end of a run). */
  heal(): void {
    this.queue = [];
  }

  /** Adds the hooks; call before the app is ready (`startTestServer`'s `extend`). */
  install(app: FastifyInstance): void {
    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      const target = targetOf(request);
      if (target === null) return;
      const index = this.queue.findIndex((fault) => fault.target === target);
      const fault = index === -1 ? undefined : this.queue.splice(index, 1)[0];
      if (!fault) return;
      this.taken.set(request, fault);
      if (fault.kind === 'unavailable') {
        const body = { error_code: 'UNAVAILABLE', error_message: '服务器繁忙，请稍后重试' };
        return reply.code(503).send(body);
      }
      if (fault.kind === 'slow' && fault.phase === 'before') await sleep(fault.ms);
      if (fault.kind === 'interleave') await fault.change();
    });

    app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
      const target = targetOf(request);
      if (target === null) return payload;
      const fault = this.taken.get(request);
      const reset = fault?.kind === 'resetAfterCommit';
      const key = request.headers['idempotency-key'];
      if (target === 'mutation' && typeof key === 'string') {
        const answer: AnsweredMutation = {
          key,
          method: request.method,
          path: request.url.split('?', 1)[0] ?? request.url,
          status: reply.statusCode,
          body: parse(payload),
          delivered: !reset,
        };
        this.answers.push(answer);
        this.onAnswer(answer);
      }
      if (fault?.kind === 'slow' && fault.phase === 'after') await sleep(fault.ms);
      // The commit is done; the client gets a connection reset instead of the answer.
      if (reset) request.raw.socket.destroy();
      return payload;
    });
  }
}
