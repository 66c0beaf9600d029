// The generated subsets: small enough for phones, yet holding GB2312, Latin and every character
// of the app's sources (labels, seed data), and rebuilt only when that character set changes.

import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FONT_FILES } from '../../src/documents/fonts/fontFiles';
import {
  documentCharset,
  ensureDocumentFonts,
  GENERATED_DIR,
} from '../../src/documents/fonts/node/generate';

let charset: Set<number>;
beforeAll(async () => {
  await ensureDocumentFonts('whenStale');
  charset = new Set(await documentCharset());
}, 120_000);

describe('document font subsets', () => {
  it('keep GB2312, Latin, the euro and yuan signs and the sources’ own characters', () => {
    for (const ch of '采购合同甲乙方顺丰欧盟鑫淼ÄÖÜäöüß€¥￥№①×—“”…□0123456789') {
      expect(charset.has(ch.codePointAt(0) ?? 0), ch).toBe(true);
    }
    expect(charset.has(0x20bb7)).toBe(false); // 𠮷 is not in GB2312
    expect(charset.size).toBeGreaterThan(7445);
  });

  it('take in a character outside GB2312 once a source file uses it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'charset-'));
    try {
      await writeFile(join(root, 'seed.ts'), "export const SUPPLIER = '𠮷野家（上海）有限公司';\n");
      await writeFile(join(root, 'notes.txt'), '㐀'); // not a scanned file type
      const withSource = new Set(await documentCharset([root]));
      expect(withSource.has(0x20bb7)).toBe(true);
      expect(withSource.has(0x3400)).toBe(false);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('are a quarter of the full fonts', async () => {
    for (const file of Object.values(FONT_FILES)) {
      const { size } = await stat(join(GENERATED_DIR, file));
      expect(size).toBeGreaterThan(1_000_000);
      expect(size).toBeLessThan(3_500_000);
    }
  });

  it('are not rebuilt while the character set is unchanged', async () => {
    const before = await readFile(join(GENERATED_DIR, 'manifest.json'), 'utf8');
    expect(await ensureDocumentFonts('whenStale')).toBe(false);
    expect(await readFile(join(GENERATED_DIR, 'manifest.json'), 'utf8')).toBe(before);
  });
});
