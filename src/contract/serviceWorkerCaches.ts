// Names of the service worker's runtime caches: a contract between the service worker (sw/sw.ts)
// and the page (src/platform/pwa/userCaches.ts), both of which import it from here. Renaming one
// orphans what installed apps stored under the old name.
export const RUNTIME_CACHES = {
  /** Public brand logos (/brand-logos/*.svg): the same for every user. */
  brandLogos: 'brand-logos',
  /** Images among the uploaded files (avatars first): readable only by the companies allowed. */
  fileImages: 'file-images',
  /** The PDF fonts (Noto Sans SC subsets, ~2.5 MB each, hashed URLs): the same for every user. */
  documentFonts: 'document-fonts',
} as const;

/** Caches holding what one user may see: emptied at sign-out, before another user signs in. */
export const USER_CACHES: readonly string[] = [RUNTIME_CACHES.fileImages];

/**
 * The PDF fonts as Vite emits them (`assets/[name]-[hash][extname]` of
 * src/documents/fonts/generated/*.subset.ttf), cached on first use by sw.ts.
 */
export const DOCUMENT_FONT_PATH = /^\/assets\/NotoSansSC-(Regular|Bold)\.subset-[\w-]+\.ttf$/;
