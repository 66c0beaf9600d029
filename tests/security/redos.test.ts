// Every regular expression of the server and the shared domain runs in linear time (security
// review H1: one ambiguous pattern in the upload sniffer froze the whole process). `recheck`
// analyses each pattern; a vulnerable one fails the test with its file:line and an attack string.
import { check, type Diagnostics } from 'recheck';
import { describe, expect, it } from 'vitest';
import { type FoundRegExp, regExpsIn, regExpsUnder } from './regexpLiterals';

const root = new URL('../..', import.meta.url).pathname;
const FOLDERS = ['server', 'src/domain'];

/** Patterns computed at run time, by file, with why they are safe (checked by a person). */
const DYNAMIC: Record<string, string> = {
  'src/domain/format/text.ts': 'one character class built from code point ranges: linear',
};

/** The H1 pattern as it was in server/messaging/uploadRules.ts. */
const OLD_SVG_SNIFFER =
  '^\\s*(<\\?xml[^>]*>\\s*)?(<!--[\\s\\S]*?-->\\s*)*(<!DOCTYPE svg[^>]*>\\s*)?<svg[\\s>]';

// Generous: a pattern takes milliseconds; the limit only stops a pathological analysis.
const analyse = (source: string, flags: string) => check(source, flags, { timeout: 30_000 });

const fileOf = (found: FoundRegExp) => found.where.slice(0, found.where.lastIndexOf(':'));

function verdict(found: FoundRegExp, diagnostics: Diagnostics): string | null {
  const where = `${found.where} /${found.source}/${found.flags}`;
  switch (diagnostics.status) {
    case 'safe':
      return null;
    case 'vulnerable':
      return `${where}: ${diagnostics.complexity.summary}, e.g. ${diagnostics.attack.pattern}`;
    default:
      // Not proven safe (timeout, unsupported syntax): a person rewrites it or lists it above.
      return `${where}: could not be checked (${diagnostics.error.kind})`;
  }
}

describe('regular expressions in server/ and src/domain/', () => {
  const found = regExpsUnder(root, FOLDERS);

  it('are all found, and none is computed at run time without a reason', () => {
    // Over a hundred today: a parser or path mistake that finds none must not pass silently.
    expect(found.length).toBeGreaterThan(80);
    const unexplained = found
      .filter((f) => f.source === null && !Object.hasOwn(DYNAMIC, fileOf(f)))
      .map((f) => f.where);
    expect(unexplained).toEqual([]);
  });

  it('are all linear in the length of the input (recheck)', async () => {
    const problems: string[] = [];
    for (const regExp of found) {
      if (regExp.source === null) continue;
      const problem = verdict(regExp, await analyse(regExp.source, regExp.flags));
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

describe('the ReDoS check itself', () => {
  it('finds literals and RegExp calls, resolving same-file constant strings', () => {
    const code = [
      "const ID = '(\\\\d+)';",
      'const a = /^ab+c$/i;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal
      'const b = new RegExp(`^todo\\\\.${ID}$`, "u");',
      "const c = RegExp('x' + ID);",
      'const d = new RegExp(makePattern());',
    ].join('\n');
    expect(regExpsIn(code, 'x.ts')).toEqual([
      { where: 'x.ts:2', source: '^ab+c$', flags: 'i' },
      { where: 'x.ts:3', source: '^todo\\.(\\d+)$', flags: 'u' },
      { where: 'x.ts:4', source: 'x(\\d+)', flags: '' },
      { where: 'x.ts:5', source: null, flags: '' },
    ]);
  });

  it('flags the old SVG sniffer as exponential, and the linear rewrites of this issue as safe', async () => {
    const old = await analyse(OLD_SVG_SNIFFER, 'i');
    expect(old.status).toBe('vulnerable');
    expect(old.status === 'vulnerable' && old.complexity.type).toBe('exponential');
    expect((await analyse('\\/+$', '')).status).toBe('vulnerable');
    expect((await analyse('^[^\\s@]+@[^\\s@.]+(?:\\.[^\\s@.]+)+$', '')).status).toBe('safe');
  }, 60_000);
});
