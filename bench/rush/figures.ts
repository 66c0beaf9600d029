// The rush's phases as figures: each phase's devices and its CPU meter turned into the lines
// the bench prints, so runs at different sizes and loads read the same way.
import type { PushFigures } from './pusher';
import type { SyncFigures } from './syncer';

export type Cpu = Record<string, number>;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(0)} ms` : '—');
const sec = (n: number) => `${n.toFixed(2)} s`;

export type SyncPhase = { syncs: SyncFigures[]; seconds: number; cpu: Cpu };
export type PushPhase = { pushes: PushFigures[]; seconds: number; cpu: Cpu; pokes: number };

/** Figures of first syncs: aggregate rate, page latency, bytes per row, CPU per 1,000 rows. */
export function syncLines(phase: SyncPhase): Record<string, string> {
  const rows = phase.syncs.reduce((a, s) => a + s.rows, 0);
  const wire = phase.syncs.reduce((a, s) => a + s.wireBytes, 0);
  const json = phase.syncs.reduce((a, s) => a + s.jsonBytes, 0);
  const pages = phase.syncs.flatMap((s) => s.pageMs);
  const errors = phase.syncs.reduce((a, s) => a + s.errors.length, 0);
  const per1000 = (name: string) => `${(((phase.cpu[name] ?? 0) / rows) * 1e6).toFixed(0)} ms`;
  return {
    'feed rows (all devices)': rows.toLocaleString('en-US'),
    'feed rows/s (aggregate)': Math.round(rows / phase.seconds).toLocaleString('en-US'),
    'slowest device’s sync': sec(Math.max(...phase.syncs.map((s) => s.seconds))),
    'feed page p50 / p95': `${ms(percentile(pages, 50))} / ${ms(percentile(pages, 95))}`,
    'wire bytes per row (JSON)': `${(wire / rows).toFixed(0)} (${(json / rows).toFixed(0)})`,
    'feed errors (retried)': String(errors),
    'CPU per 1,000 rows: servers': per1000('servers'),
    'CPU per 1,000 rows: PostgreSQL': per1000('postgres'),
    'CPU per 1,000 rows: nginx': per1000('nginx'),
    'CPU share: servers/pg/nginx/bench': shares(phase.cpu),
  };
}

/**
 * Figures of pushes: count, rate, latency, and CPU per push (its live fan-out included) when the
 * phase did nothing else (`ownCpu`): in the rush the CPU is the feed's and the pushes' together.
 */
export function pushLines(phase: PushPhase, ownCpu = true): Record<string, string> {
  const count = phase.pushes.reduce((a, p) => a + p.ownerChanges + p.messages, 0);
  const latencies = phase.pushes.flatMap((p) => p.pushMs);
  const errors = phase.pushes.reduce((a, p) => a + p.errors.length, 0);
  const retried = phase.pushes.reduce((a, p) => a + p.retried, 0);
  const perPush = (name: string) =>
    count > 0 && ownCpu ? `${(((phase.cpu[name] ?? 0) / count) * 1000).toFixed(1)} ms` : '—';
  return {
    'pushes (owner changes + messages)': String(count),
    'pushes/s': (count / phase.seconds).toFixed(1),
    'push p50 / p95': `${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))}`,
    'push errors / retried': `${errors} / ${retried}`,
    'pokes received (all sockets)': String(phase.pokes),
    ...(ownCpu
      ? {
          'CPU per push: servers': perPush('servers'),
          'CPU per push: PostgreSQL': perPush('postgres'),
          'CPU per push: nginx': perPush('nginx'),
        }
      : {}),
  };
}

function shares(cpu: Cpu): string {
  const names = ['servers', 'postgres', 'nginx', 'bench'];
  return `${names.map((n) => (cpu[n] ?? 0).toFixed(1)).join('/')} s`;
}

/** Prints columns of figures under their headings, the first column's keys in order. */
export function printTable(title: string, columns: Array<[string, Record<string, string>]>) {
  console.info(`\n${title}`);
  const keys = [...new Set(columns.flatMap(([, figures]) => Object.keys(figures)))];
  const width = 38;
  console.info(`  ${''.padEnd(width)}${columns.map(([name]) => name.padStart(24)).join('')}`);
  for (const key of keys) {
    console.info(
      `  ${key.padEnd(width)}${columns.map(([, f]) => (f[key] ?? '').padStart(24)).join('')}`,
    );
  }
}
