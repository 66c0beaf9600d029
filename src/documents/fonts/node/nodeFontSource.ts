// The server's (and the tests') font source: reads the subsets from ../generated, building them
// from the npm font package first if they are missing. The bytes are read once per process.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentFontSource, DocumentFonts } from '../fontFiles';
import { FONT_FILES } from '../fontFiles';
import { ensureDocumentFonts, GENERATED_DIR } from './generate';

let loaded: Promise<DocumentFonts> | null = null;

async function readFonts(): Promise<DocumentFonts> {
  await ensureDocumentFonts('whenMissing');
  const [regular, bold] = await Promise.all([
    readFile(join(GENERATED_DIR, FONT_FILES.regular)),
    readFile(join(GENERATED_DIR, FONT_FILES.bold)),
  ]);
  return { regular: new Uint8Array(regular), bold: new Uint8Array(bold) };
}

export const nodeFontSource: DocumentFontSource = {
  load() {
    loaded ??= readFonts().catch((error: unknown) => {
      loaded = null; // a later call tries again
      throw error;
    });
    return loaded;
  },
};
