// The colleagues already at work during the rush: each pushes owner changes and chat messages, as
// the engine's push sends an outbox entry (its Idempotency-Key, asked again with the same key
// after a failure), one at a time with a short pause, until the first syncs are done.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { OUTBOX_PATHS } from '../../src/contract/api/outbox';
import type { Device } from './syncer';

/** A sheet the pushers may hand from colleague to colleague (a state that offers the change). */
export type Target = { sheetId: number; ownerId: number | null; supplierCompanyId: number };

export type PushFigures = {
  ownerChanges: number;
  messages: number;
  /** Subjects of the messages the server answered 2xx (each names its entry's key). */
  messageSubjects: string[];
  pushMs: number[];
  /** Entries that needed more than one attempt (each still lands once: same key). */
  retried: number;
  errors: string[];
};

const RETRY_MS = 1000;
/** Attempts of one entry before the pusher gives it up and says so. */
const ATTEMPTS = 30;

function send(agent: Agent, url: string, method: string, token: string, key: string, body: object) {
  const text = JSON.stringify(body);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        agent,
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          'idempotency-key': key,
        },
      },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          answer += chunk;
        });
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: answer }));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('no answer in 60 s')));
    req.on('error', reject);
    req.end(text);
  });
}

/**
 * Pushes until `stop` aborts: owner change, message, owner change… on its own sheets (no two
 * pushers share one, so each knows the present owner). Latency is one entry's, retries included.
 */
export async function pushUntil(
  device: Device,
  targets: Target[],
  colleagues: number[],
  pauseMs: number,
  stop: AbortSignal,
): Promise<PushFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const figures: PushFigures = {
    ownerChanges: 0,
    messages: 0,
    messageSubjects: [],
    pushMs: [],
    retried: 0,
    errors: [],
  };
  const query = `?currentCompanyId=${device.companyId}`;
  try {
    for (let turn = 0; !stop.aborted && targets.length > 0; turn++) {
      const target = targets[Math.floor(turn / 2) % targets.length] as Target;
      const isOwnerChange = turn % 2 === 0;
      // The entry's key names the message too: one stored twice would show as a repeated subject.
      const key = randomUUID();
      const next = colleagues.filter((id) => id !== target.ownerId)[turn % (colleagues.length - 1)];
      const [method, path, body] = isOwnerChange
        ? (['PUT', OUTBOX_PATHS.sheetFollower(target.sheetId), { follower_id: next }] as const)
        : ([
            'POST',
            OUTBOX_PATHS.message(),
            {
              module: 'INQUERY_QUOTATION_SHEET',
              module_id: target.sheetId,
              subject: `早高峰 ${key}`,
              to_company_id: target.supplierCompanyId,
              todo_files: [],
            },
          ] as const);
      const started = performance.now();
      for (let attempt = 1; ; attempt++) {
        try {
          const res = await send(
            agent,
            `${device.baseUrl}${path}${query}`,
            method,
            device.token,
            key,
            body,
          );
          if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
          if (res.status >= 300) {
            figures.errors.push(`${method} ${path}: HTTP ${res.status} ${res.body.slice(0, 200)}`);
          } else if (isOwnerChange) {
            figures.ownerChanges++;
            target.ownerId = next ?? null;
          } else {
            figures.messages++;
            figures.messageSubjects.push(`早高峰 ${key}`);
          }
          if (attempt > 1) figures.retried++;
          break;
        } catch (error) {
          if (attempt >= ATTEMPTS) {
            figures.errors.push(`${method} ${path}: ${(error as Error).message}, given up`);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
      figures.pushMs.push(performance.now() - started);
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  } finally {
    agent.destroy();
  }
  return figures;
}
