// PGlite is one process's database: two processes on one DATA_DIR corrupt it (nothing in PGlite
// stops the second one). PGlite keeps `postmaster.pid` in the directory while it is open and
// removes it on a clean close; a crash leaves it behind. So: no such file → free; the file and
// another process holding files open in the directory (Linux /proc) → busy; the file but nobody
// holding the directory → a stale file from a crash, free.

import { readdir, readFile, readlink, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';

export type DataDirUser = { pid: number; command: string };

export type DataDirStatus =
  | { kind: 'free' }
  | { kind: 'busy'; users: DataDirUser[] }
  /** postmaster.pid is there but this system cannot tell who holds the directory. */
  | { kind: 'unknown' };

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

async function holdsFileIn(pid: string, dir: string): Promise<boolean> {
  let fds: string[];
  try {
    fds = await readdir(`/proc/${pid}/fd`);
  } catch {
    return false; // gone, or another user's process we may not inspect
  }
  for (const fd of fds) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    if (target.startsWith(`${dir}/`)) return true;
  }
  return false;
}

async function commandOf(pid: string): Promise<string> {
  const raw = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return raw.split('\0').filter(Boolean).join(' ').slice(0, 200);
}

/** Whether another process has the PGlite database in `dataDir` open. */
export async function dataDirStatus(dataDir: string): Promise<DataDirStatus> {
  if (!(await exists(join(dataDir, 'postmaster.pid')))) return { kind: 'free' };
  if (!(await exists('/proc/self/fd'))) return { kind: 'unknown' };
  const dir = await realpath(dataDir);
  const self = String(process.pid);
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name) && name !== self);
  const users: DataDirUser[] = [];
  for (const pid of pids) {
    if (await holdsFileIn(pid, dir))
      users.push({ pid: Number(pid), command: await commandOf(pid) });
  }
  return users.length > 0 ? { kind: 'busy', users } : { kind: 'free' };
}

/** The message for a busy (or possibly busy) data directory; null when it is free. */
export function dataDirBusyMessage(dataDir: string, status: DataDirStatus): string | null {
  if (status.kind === 'free') return null;
  const who =
    status.kind === 'busy'
      ? status.users.map((u) => `  pid ${u.pid}: ${u.command}`).join('\n')
      : '  (this system cannot tell which process)';
  return [
    `The PGlite database in ${dataDir} is in use by another process:`,
    who,
    'PGlite is single-process: two processes on one data directory corrupt it.',
    'Stop the server (or the other seed) first, then run this again.',
    ...(status.kind === 'unknown'
      ? [
          `If nothing is running (a crash left ${join(dataDir, 'postmaster.pid')} behind), run with --force.`,
        ]
      : []),
  ].join('\n');
}
