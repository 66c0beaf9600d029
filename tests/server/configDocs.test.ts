// README's environment table is the one server/configDocs.ts makes (issue 21 item 6), and every
// variable the server and the npm scripts read is in it: a variable added to the config schema
// without words fails to compile, one read straight from process.env elsewhere fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withEnvTable } from '../../scripts/envTable';
import { ENV_VARIABLES } from '../../server/config';
import { ENV_DOCS, SCRIPT_ENV_DOCS } from '../../server/configDocs';

const root = new URL('../..', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.(ts|mjs)$/.test(name) ? [path] : [];
  });
}

describe('the environment table', () => {
  it('is in README.md exactly as `npm run docs:env` writes it', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(withEnvTable(readme)).toBe(readme);
  });

  it('documents every variable of the config schema', () => {
    expect(Object.keys(ENV_DOCS).sort()).toEqual([...ENV_VARIABLES].sort());
  });

  it('documents every variable the server and the npm scripts read from process.env', () => {
    const documented = new Set([...Object.keys(ENV_DOCS), ...Object.keys(SCRIPT_ENV_DOCS)]);
    const read = new Set<string>();
    for (const file of [...sources('server'), ...sources('scripts')]) {
      const text = readFileSync(join(root, file), 'utf8');
      for (const match of text.matchAll(/process\.env(?:\.|\[['"])([A-Z][A-Z0-9_]*)/g)) {
        if (match[1]) read.add(match[1]);
      }
    }
    expect(read.size).toBeGreaterThan(3);
    expect([...read].filter((name) => !documented.has(name))).toEqual([]);
  });
});
