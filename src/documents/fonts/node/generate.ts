// Builds the document fonts: subsets of Noto Sans SC regular and bold (npm package
// @expo-google-fonts/noto-sans-sc) holding GB2312, Latin, punctuation and symbols, plus every
// other character found in the app's and server's sources (labels, seed data). About 2.5 MB each
// instead of 10.5 MB. Both the server and the browser read these files, so their PDFs are equal.
// Run by the Vite plugin below (build and dev) and by the Node font loader when a file is missing.

/// <reference path="./subset-font.d.ts" />
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { FONT_FILES } from '../fontFiles';

/** Raised when the subsetting rules change, to rebuild subsets made by an older generator. */
const GENERATOR_VERSION = 1;
const FONT_PACKAGE = '@expo-google-fonts/noto-sans-sc';
const SOURCE_FONTS = {
  regular: `${FONT_PACKAGE}/400Regular/NotoSansSC_400Regular.ttf`,
  bold: `${FONT_PACKAGE}/700Bold/NotoSansSC_700Bold.ttf`,
} as const;

export const GENERATED_DIR = fileURLToPath(new URL('../generated/', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MANIFEST = 'manifest.json';
/** Folders whose texts may end up in a document: UI labels, document definitions, seed data. */
const SCANNED_DIRS = ['src', 'server'];
const SCANNED_FILE = /\.(ts|tsx|json|mjs)$/;

/** Inclusive code point ranges always kept, besides GB2312. */
const BASE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x20, 0x7e], // ASCII
  [0xa0, 0x17f], // Latin-1 and Latin Extended-A: German, French, Polish, Czech names; ¥ £ § ° ±
  [0x2010, 0x205e], // general punctuation: – — ‘ ’ “ ” … ‰ ′ ″
  [0x20a0, 0x20c0], // currency signs: € ₺ ₽ ₹
  [0x2100, 0x218f], // letterlike and number forms: № ℃ ™ Ⅰ–Ⅻ
  [0x2190, 0x21ff], // arrows
  [0x2200, 0x22ff], // mathematical operators: × ÷ ≤ ≥ − ≈
  [0x2460, 0x24ff], // enclosed numbers ①
  [0x2500, 0x25ff], // box drawing and geometric shapes: □ ■ ○ ● △ ▶
  [0x2600, 0x27bf], // symbols and dingbats: ★ ✓ ✔ ✖
  [0x3000, 0x303f], // CJK symbols and punctuation
  [0xff01, 0xff5e], // full-width forms
  [0xffe0, 0xffe6], // full-width signs ￥
];

/** GB2312's 7,445 characters (6,763 hanzi), read out of the GB18030 decoder by their byte pairs. */
function gb2312CodePoints(): number[] {
  const decoder = new TextDecoder('gb18030');
  const points: number[] = [];
  for (let row = 0xa1; row <= 0xf7; row++) {
    for (let cell = 0xa1; cell <= 0xfe; cell++) {
      const text = decoder.decode(new Uint8Array([row, cell]));
      const point = text.codePointAt(0);
      // Rows GB2312 leaves empty decode to U+FFFD or to private-use code points.
      if (point === undefined || text.length !== 1 || point === 0xfffd) continue;
      if (point >= 0xe000 && point <= 0xf8ff) continue;
      points.push(point);
    }
  }
  return points;
}

async function sourceCodePoints(roots: readonly string[]): Promise<number[]> {
  const points = new Set<number>();
  for (const root of roots) {
    if (!existsSync(root)) continue;
    const entries = await readdir(root, { recursive: true });
    for (const entry of entries.sort()) {
      if (!SCANNED_FILE.test(entry) || entry.includes('node_modules')) continue;
      if (entry.includes('generated')) continue;
      for (const ch of await readFile(join(root, entry), 'utf8')) {
        const point = ch.codePointAt(0);
        if (point !== undefined && point > 0x7e) points.add(point);
      }
    }
  }
  return [...points];
}

/**
 * The sorted code points the subsets keep (those the font lacks are simply not kept): the base
 * set and every character of the files under `roots` (by default the repository's src and server).
 */
export async function documentCharset(
  roots: readonly string[] = SCANNED_DIRS.map((dir) => join(REPO_ROOT, dir)),
): Promise<number[]> {
  const points = new Set<number>(gb2312CodePoints());
  for (const [from, to] of BASE_RANGES) for (let p = from; p <= to; p++) points.add(p);
  for (const p of await sourceCodePoints(roots)) points.add(p);
  // Controls and surrogates are not characters to draw.
  return [...points].filter((p) => p >= 0x20 && !(p >= 0x7f && p < 0xa0)).sort((a, b) => a - b);
}

interface Manifest {
  generator: number;
  fontPackage: string;
  charsetSha256: string;
  codePoints: number;
  files: Record<keyof typeof FONT_FILES, { file: string; bytes: number; sha256: string }>;
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

function fontPackageVersion(): string {
  const require = createRequire(import.meta.url);
  const pkg = require(`${FONT_PACKAGE}/package.json`) as { version: string };
  return `${FONT_PACKAGE}@${pkg.version}`;
}

async function readManifest(dir = GENERATED_DIR): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/**
 * What keeps the subsets in `dir` from being used, one line per file naming its path: missing,
 * or not the file its manifest describes (a torn or hand-copied file). Empty when all is well.
 */
export async function documentFontProblems(dir = GENERATED_DIR): Promise<string[]> {
  const manifest = await readManifest(dir);
  const problems = manifest ? [] : [`${join(dir, MANIFEST)} (missing or unreadable)`];
  for (const weight of ['regular', 'bold'] as const) {
    const path = join(dir, FONT_FILES[weight]);
    if (!existsSync(path)) {
      problems.push(`${path} (missing)`);
      continue;
    }
    const expected = manifest?.files?.[weight]?.sha256;
    if (expected && sha256(await readFile(path)) !== expected) {
      problems.push(`${path} (does not match ${MANIFEST})`);
    }
  }
  return problems;
}

function filesPresent(): boolean {
  return Object.values(FONT_FILES).every((file) => existsSync(join(GENERATED_DIR, file)));
}

/** Writes via a temporary name, so a concurrent reader never sees half a font. */
async function writeAtomically(path: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

export async function generateDocumentFonts(charset?: number[]): Promise<Manifest> {
  const points = charset ?? (await documentCharset());
  const text = String.fromCodePoint(...points);
  const require = createRequire(import.meta.url);
  await mkdir(GENERATED_DIR, { recursive: true });
  const files = {} as Manifest['files'];
  for (const weight of ['regular', 'bold'] as const) {
    const source = await readFile(require.resolve(SOURCE_FONTS[weight]));
    // TrueType (glyf) out, as in: fontkit 2 subsets it again per document (research: CFF subsets
    // come out 4× larger, WOFF2 sources break the subsetter).
    const subset = await subsetFont(source, text, { targetFormat: 'sfnt' });
    const bytes = new Uint8Array(subset);
    await writeAtomically(join(GENERATED_DIR, FONT_FILES[weight]), bytes);
    files[weight] = { file: FONT_FILES[weight], bytes: bytes.length, sha256: sha256(bytes) };
  }
  const manifest: Manifest = {
    generator: GENERATOR_VERSION,
    fontPackage: fontPackageVersion(),
    charsetSha256: sha256(text),
    codePoints: points.length,
    files,
  };
  await writeAtomically(join(GENERATED_DIR, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Makes sure the subsets exist. `whenStale` also rebuilds them when the charset (a new character
 * in the sources), the generator or the font package changed: the build does this; the server
 * only fills in missing files, so it keeps using the very files the built app ships.
 */
export async function ensureDocumentFonts(mode: 'whenMissing' | 'whenStale'): Promise<boolean> {
  const manifest = await readManifest();
  if (manifest && filesPresent() && mode === 'whenMissing') return false;
  const points = await documentCharset();
  if (
    manifest &&
    filesPresent() &&
    manifest.generator === GENERATOR_VERSION &&
    manifest.fontPackage === fontPackageVersion() &&
    manifest.charsetSha256 === sha256(String.fromCodePoint(...points))
  ) {
    return false;
  }
  await generateDocumentFonts(points);
  return true;
}

/** Vite plugin: the subsets are there (and current) before the app imports them by URL. */
export function documentFontsPlugin(): { name: string; buildStart(): Promise<void> } {
  return {
    name: 'document-fonts',
    async buildStart() {
      await ensureDocumentFonts('whenStale');
    },
  };
}
