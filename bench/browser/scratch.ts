// Scratch folders of a bench run (a copy of the seeded database, the built page, the browser
// profile), named with the run's pid: a run that dies without cleaning up (killed, out of memory)
// leaves folders of up to a gigabyte, and the next run removes those of pids no longer running.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A new folder `<root>/<name>-<pid>-XXXXXX`, after removing those of dead runs. */
export async function scratchDir(name: string, root = tmpdir()): Promise<string> {
  const prefix = `${name}-`;
  for (const entry of await readdir(root)) {
    if (!entry.startsWith(prefix)) continue;
    const pid = Number.parseInt(entry.slice(prefix.length), 10);
    if (!Number.isNaN(pid) && !running(pid)) {
      await rm(join(root, entry), { recursive: true, force: true });
    }
  }
  return mkdtemp(join(root, `${prefix}${process.pid}-`));
}
