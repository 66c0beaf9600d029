// pdftotext and pdftoppm (Debian's poppler-utils, installed by .ci/run) on PDF bytes.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function withPdf<T>(bytes: Uint8Array, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'doc-test-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The text of each page: in drawing order (`raw`, a wrapped value stays together) or as laid out
 * on the page (`layout`, one printed line per line).
 */
export function pdfPages(bytes: Uint8Array, mode: 'raw' | 'layout' = 'raw'): string[] {
  const text = withPdf(bytes, (file) =>
    execFileSync('pdftotext', [`-${mode}`, '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }),
  );
  return text.split('\f').slice(0, -1);
}

export interface GrayPage {
  width: number;
  height: number;
  pixels: Uint8Array;
  png: Buffer;
}

/** Page `page` (1-based) rasterised in grey at `dpi`, plus the same page as PNG for the report. */
export function rasterPage(bytes: Uint8Array, page: number, dpi = 60): GrayPage {
  return withPdf(bytes, (file, dir) => {
    const range = ['-f', String(page), '-l', String(page), '-r', String(dpi)];
    execFileSync('pdftoppm', [...range, '-gray', '-singlefile', file, join(dir, 'page')]);
    execFileSync('pdftoppm', [...range, '-png', '-singlefile', file, join(dir, 'page')]);
    const pgm = readFileSync(join(dir, 'page.pgm'));
    // Binary PGM: "P5\n<w> <h>\n255\n" then one byte per pixel.
    const header = pgm.subarray(0, 40).toString('latin1');
    const match = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(header);
    if (!match) throw new Error(`not a PGM: ${header.slice(0, 12)}`);
    const width = Number(match[1]);
    const height = Number(match[2]);
    const pixels = new Uint8Array(pgm.subarray(match[0].length, match[0].length + width * height));
    return { width, height, pixels, png: readFileSync(join(dir, 'page.png')) };
  });
}

/** Share of pixels darker than mid-grey within rows [fromY, toY) of the page. */
export function inkShare(page: GrayPage, fromY = 0, toY = page.height): number {
  let dark = 0;
  for (let y = fromY; y < toY; y++) {
    for (let x = 0; x < page.width; x++) if ((page.pixels[y * page.width + x] ?? 255) < 128) dark++;
  }
  return dark / (page.width * (toY - fromY));
}
