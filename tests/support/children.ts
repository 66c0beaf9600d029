// The child processes a test file starts (servers, scripts) and what else it must undo: after
// each test, every child still running is killed and the cleanups run, newest first.
import type { ChildProcess } from 'node:child_process';
import { afterEach } from 'vitest';

export function childrenOfEachTest(): {
  running: ChildProcess[];
  cleanups: Array<() => Promise<void>>;
} {
  const running: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const child of running.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
      }
    }
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  return { running, cleanups };
}
