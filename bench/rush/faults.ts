// RUSH_FAULTS=1: issue 19 item 5 at full size. Mid-rush, a third of the way through the feed
// rows, one server process is killed with SIGKILL and started again (as systemd would); two
// thirds through, PostgreSQL stops (fast) and starts again. Afterwards: every sync finished,
// every push landed exactly once, and a new change pokes every socket again within 10 s.
import { sql } from 'drizzle-orm';
import { percentile } from './figures';
import { type PushFigures, pushUntil } from './pusher';
import type { Company, Deployment, Postgres } from './stack';
import type { Device, SyncFigures } from './syncer';

export type FaultPlan = {
  progress(deployment: Deployment): (rows: number) => void;
  /** The faults as they happened (time since the rush started, what). */
  log: string[];
  /** Resolves once every fault so far has recovered (or failed to). */
  settled(): Promise<void>;
  /** The company's feed rows before the rush: every first sync reads at least these. */
  feedRows: number;
};

export function faultPlan(
  pg: Postgres,
  syncers: number,
  feedRows: number,
  log: string[] = [],
): FaultPlan {
  if (!pg.restart) throw new Error('RUSH_FAULTS needs a PostgreSQL of the bench’s own');
  const restart = pg.restart;
  const total = syncers * feedRows;
  // Each fault with its recovery; a recovery that fails is a finding, written in the log.
  const recoveries: Array<Promise<void>> = [];
  const recover = (what: Promise<void>, name: string, at: () => string) =>
    recoveries.push(
      what.then(
        () => void log.push(`${at()}: ${name} again`),
        (error: Error) => void log.push(`${at()}: ${name} FAILED to come back: ${error.message}`),
      ),
    );
  return {
    log,
    feedRows,
    async settled() {
      await Promise.all(recoveries);
    },
    progress(deployment) {
      const t0 = performance.now();
      const at = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
      let rows = 0;
      let step = 0;
      return (pageRows) => {
        rows += pageRows;
        if (step === 0 && rows >= total / 3) {
          step = 1;
          log.push(`${at()}: kill -9 of server 0`);
          recover(deployment.killAndRestart(0), 'server 0 serving', at);
        }
        if (step === 1 && rows >= (2 * total) / 3) {
          step = 2;
          log.push(`${at()}: PostgreSQL fast stop`);
          recover(restart(), 'PostgreSQL serving', at);
        }
      };
    },
  };
}

type Socket = { state: { pokes: number } };

/**
 * The checks after the faults. Syncs: each device read the feed to its end (at least the rows
 * the company had when it started). Pushes: each landed exactly once (the messages by their
 * unique subjects; each sheet's owner is the last one its pusher set). Live: one more change
 * reaches every socket within 10 s, with no device re-created.
 */
export async function afterFaults(
  plan: FaultPlan,
  company: Company,
  syncs: SyncFigures[],
  pushes: PushFigures[],
  pushDevices: Device[],
  sockets: Socket[],
): Promise<Record<string, string>> {
  await plan.settled();
  const db = company.database.db;
  const query = async <T>(text: ReturnType<typeof sql>) =>
    ((await db.execute(text)) as unknown as { rows: T[] }).rows;
  const failures: string[] = plan.log.filter((line) => line.includes('FAILED'));
  const short = syncs.filter((s) => s.rows < plan.feedRows);
  if (short.length > 0) failures.push(`${short.length} syncs ended short of the feed`);

  // Exactly once: every message answered 2xx is stored once (an entry given up after its
  // attempts may be stored or not, but never twice).
  const subjects = pushes.flatMap((p) => p.messageSubjects);
  const stored = await query<{ subject: string; n: string }>(
    sql`select subject, count(*) as n from todos where subject like '早高峰 %' group by subject`,
  );
  const storedCount = new Map(stored.map((row) => [row.subject, Number(row.n)]));
  const twice = stored.filter((row) => Number(row.n) > 1).length;
  if (twice > 0) failures.push(`${twice} messages stored twice`);
  const missing = subjects.filter((subject) => storedCount.get(subject) !== 1).length;
  if (missing > 0) failures.push(`${missing} answered messages not stored once`);
  const owners = await query<{ id: number; owner: number | null }>(
    sql`select id, owner_contact_id as owner from sheets where company_id = ${company.companyId}`,
  );
  const ownerOf = new Map(
    owners.map((o) => [Number(o.id), o.owner === null ? null : Number(o.owner)]),
  );
  const wrong = company.targets.filter((t) => ownerOf.get(t.sheetId) !== t.ownerId);
  if (wrong.length > 0) failures.push(`${wrong.length} sheets with another owner than last set`);

  // Live again: a message from the first pusher; every socket must hear the poke in 10 s.
  const before = sockets.map((s) => s.state.pokes);
  const stop = new AbortController();
  const target = company.targets[0];
  const started = performance.now();
  const device = pushDevices[0];
  const waits: number[] = [];
  if (device && target) {
    const colleagues = company.members.map((m) => m.contactId);
    const push = pushUntil(device, [target], colleagues, 0, stop.signal);
    for (const [i, socket] of sockets.entries()) {
      while (socket.state.pokes === before[i] && performance.now() - started < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (socket.state.pokes === before[i]) failures.push(`socket ${i} heard no poke in 10 s`);
      else waits.push(performance.now() - started);
    }
    stop.abort();
    await push;
  }
  return {
    'least rows a sync read / feed rows': `${Math.min(...syncs.map((s) => s.rows))} / ${plan.feedRows}`,
    'messages answered / stored once': `${subjects.length} / ${subjects.length - missing}`,
    'poke after faults p95': `${percentile(waits, 95).toFixed(0)} ms`,
    checks: failures.length === 0 ? 'all passed' : `FAILED: ${failures.join('; ')}`,
  };
}
