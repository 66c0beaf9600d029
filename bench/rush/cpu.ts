// CPU time of whole process trees, read from /proc, so the rush can divide each side's work
// (server processes, PostgreSQL, nginx) by what it served. A tree because a server "process" is
// tsx's wrapper and its node child, and PostgreSQL is a postmaster with a backend per connection;
// a child that exited is still counted through its parent's cutime/cstime once reaped.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (getconf CLK_TCK: 100 on Linux). */
const TICKS = 100;

type Stat = { pid: number; ppid: number; ticks: number };

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: split after its end.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): ppid is field 4, utime..cstime fields 14–17.
    const number = (field: number) => Number(fields[field - 3]);
    return {
      pid,
      ppid: number(4),
      ticks: number(14) + number(15) + number(16) + number(17),
    };
  } catch {
    return null; // gone between the listing and the read
  }
}

function allStats(): Stat[] {
  const stats: Stat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) stats.push(stat);
  }
  return stats;
}

/** CPU seconds used so far by each root's tree (the root, its live descendants, reaped ones). */
export function treeCpuSeconds(roots: number[]): number[] {
  const stats = allStats();
  const children = new Map<number, Stat[]>();
  for (const stat of stats) {
    const list = children.get(stat.ppid) ?? [];
    list.push(stat);
    children.set(stat.ppid, list);
  }
  const byPid = new Map(stats.map((stat) => [stat.pid, stat]));
  return roots.map((root) => {
    let ticks = 0;
    const queue = byPid.has(root) ? [root] : [];
    for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
      ticks += byPid.get(pid)?.ticks ?? 0;
      for (const child of children.get(pid) ?? []) queue.push(child.pid);
    }
    return ticks / TICKS;
  });
}

/** The parent of a process (a PostgreSQL backend's is the postmaster), or null. */
export function parentOf(pid: number): number | null {
  return readStat(pid)?.ppid ?? null;
}

/** The deepest descendants of a process: the node server under tsx's wrapper. */
export function leavesOf(root: number): number[] {
  const stats = allStats();
  const leaves: number[] = [];
  const queue = [root];
  for (let pid = queue.pop(); pid !== undefined; pid = queue.pop()) {
    const kids = stats.filter((stat) => stat.ppid === pid);
    if (kids.length === 0) leaves.push(pid);
    for (const kid of kids) queue.push(kid.pid);
  }
  return leaves;
}

/** A meter over named trees: `stop()` gives each tree's CPU seconds since `start`. */
export function cpuMeter(trees: Record<string, number[]>) {
  const names = Object.keys(trees);
  const sum = () =>
    names.map((name) => treeCpuSeconds(trees[name] ?? []).reduce((a, b) => a + b, 0));
  const before = sum();
  return {
    stop(): Record<string, number> {
      const after = sum();
      return Object.fromEntries(names.map((name, i) => [name, (after[i] ?? 0) - (before[i] ?? 0)]));
    },
  };
}

/** Peak resident memory (VmHWM) of each process, in MB. */
export function peakRssMb(pids: number[]): number[] {
  return pids.map((pid) => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  });
}
