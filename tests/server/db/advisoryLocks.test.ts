// Two uses of one advisory lock key stall each other (the simulator's session lock once shared a
// key with the feed-order lock: every feed write waited for the simulator to stop). Every key is
// in one table, each once, and no lock call in the server names a key of its own.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from '../../../server/db/advisoryLocks';

const serverFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

describe('advisory lock keys', () => {
  it('gives every use its own key', () => {
    const keys = Object.values(ADVISORY_LOCKS);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps every key in the table: no lock key is written as a number where a lock is taken', () => {
    const literal = /(?:_LOCK|_LOCK_ID)\s*=\s*\d|pg_advisory\w*\(\s*\d/;
    const offenders = serverFiles('server').filter((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .some((line) => literal.test(line)),
    );
    expect(offenders).toEqual([]);
  });
});
