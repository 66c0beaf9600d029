// What both font loaders hand to the renderer, and the names of the subset files they read. The
// browser and the server must load the very same bytes, or the PDFs differ: both read the files
// node/generate.ts writes into ./generated from the npm package.

/** The TrueType bytes of Noto Sans SC regular and bold (the build's subsets). */
export interface DocumentFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

/** One interface, two implementations: node/nodeFontSource.ts (files) and browserFonts.ts (fetch). */
export interface DocumentFontSource {
  load(): Promise<DocumentFonts>;
}

export const FONT_FILES = {
  regular: 'NotoSansSC-Regular.subset.ttf',
  bold: 'NotoSansSC-Bold.subset.ttf',
} as const;

/**
 * Drawn for a character the fonts lack (a rare ideograph, an emoji), so a missing character stays
 * visible on paper instead of vanishing. The white square is the customary 缺字 mark in Chinese
 * typesetting and is in GB2312, so it is always in the subset.
 */
export const MISSING_CHARACTER = '□';
