// The server's font check at start (server/documents/fonts.ts): missing or torn subsets are named
// by path; they are built before the server starts, and when they cannot be, the server refuses
// to start with the files and the command that builds them.
import { copyFile, mkdtemp, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DocumentFontsError,
  FONT_BUILD_COMMAND,
  type FontStartSteps,
  prepareDocumentFonts,
} from '../../../server/documents/fonts';
import { FONT_FILES } from '../../../src/documents/fonts/fontFiles';
import {
  documentFontProblems,
  ensureDocumentFonts,
  GENERATED_DIR,
} from '../../../src/documents/fonts/node/generate';

describe('documentFontProblems', () => {
  let dir = '';
  beforeAll(async () => {
    await ensureDocumentFonts('whenMissing');
    dir = await mkdtemp(join(tmpdir(), 'fonts-'));
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names every missing file, then none once they are there, then a torn one', async () => {
    const empty = await documentFontProblems(dir);
    expect(empty).toEqual([
      `${join(dir, 'manifest.json')} (missing or unreadable)`,
      `${join(dir, FONT_FILES.regular)} (missing)`,
      `${join(dir, FONT_FILES.bold)} (missing)`,
    ]);
    for (const file of ['manifest.json', FONT_FILES.regular, FONT_FILES.bold]) {
      await copyFile(join(GENERATED_DIR, file), join(dir, file));
    }
    expect(await documentFontProblems(dir)).toEqual([]);
    await truncate(join(dir, FONT_FILES.bold), 1000);
    expect(await documentFontProblems(dir)).toEqual([
      `${join(dir, FONT_FILES.bold)} (does not match manifest.json)`,
    ]);
  });

  it('finds the files the server reads in good order', async () => {
    expect(await documentFontProblems()).toEqual([]);
  });
});

describe('prepareDocumentFonts', () => {
  const missing = '/srv/app/src/documents/fonts/generated/NotoSansSC-Regular.subset.ttf (missing)';

  function steps(over: Partial<FontStartSteps> & { problems: () => Promise<string[]> }) {
    const calls: string[] = [];
    const all: FontStartSteps = {
      build: async () => {
        calls.push('build');
      },
      load: async () => {
        calls.push('load');
      },
      ...over,
    };
    return { calls, steps: all };
  }

  it('only loads the fonts when they are in order', async () => {
    const lines: string[] = [];
    const { calls, steps: s } = steps({ problems: async () => [] });
    await prepareDocumentFonts((line) => lines.push(line), s);
    expect(calls).toEqual(['load']);
    expect(lines).toEqual([]);
  });

  it('builds missing fonts before starting, saying which', async () => {
    const lines: string[] = [];
    let built = false;
    const { calls, steps: s } = steps({ problems: async () => (built ? [] : [missing]) });
    s.build = async () => {
      built = true;
      calls.push('build');
    };
    await prepareDocumentFonts((line) => lines.push(line), s);
    expect(calls).toEqual(['build', 'load']);
    expect(lines.join('\n')).toContain(missing);
  });

  it('refuses to start when they cannot be built, naming the file and the command', async () => {
    const { steps: s } = steps({ problems: async () => [missing] });
    s.build = async () => {
      throw new Error("Cannot find module '@expo-google-fonts/noto-sans-sc'");
    };
    const failure = prepareDocumentFonts(() => {}, s);
    await expect(failure).rejects.toBeInstanceOf(DocumentFontsError);
    await expect(failure).rejects.toThrow(missing);
    await expect(failure).rejects.toThrow(`\`${FONT_BUILD_COMMAND}\``);
    await expect(failure).rejects.toThrow('@expo-google-fonts/noto-sans-sc');
  });

  it('refuses to start when the files are still wrong after building', async () => {
    const { calls, steps: s } = steps({ problems: async () => [missing] });
    await expect(prepareDocumentFonts(() => {}, s)).rejects.toThrow(missing);
    expect(calls).toEqual(['build']);
  });
});
