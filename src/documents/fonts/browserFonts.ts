// The browser's font source: fetches the same subset files the server reads, as hashed Vite
// assets. Offline they come from the service worker's font cache (sw/sw.ts), which is filled by
// the first fetch: warmDocumentFonts() after sign-in, or the first document made.

import type { DocumentFontSource, DocumentFonts } from './fontFiles';
import boldUrl from './generated/NotoSansSC-Bold.subset.ttf?url';
import regularUrl from './generated/NotoSansSC-Regular.subset.ttf?url';

export const DOCUMENT_FONT_URLS = { regular: regularUrl, bold: boldUrl } as const;

type Fetch = (url: string) => Promise<Response>;

async function fetchBytes(fetcher: Fetch, url: string): Promise<Uint8Array> {
  const response = await fetcher(url);
  if (!response.ok) throw new Error(`字体文件加载失败（${response.status}）`);
  return new Uint8Array(await response.arrayBuffer());
}

/** A font source over `fetcher` (the global fetch in the app; a fake one in tests). */
export function createBrowserFontSource(fetcher: Fetch = (url) => fetch(url)): DocumentFontSource {
  let loaded: Promise<DocumentFonts> | null = null;
  return {
    load() {
      loaded ??= Promise.all([
        fetchBytes(fetcher, DOCUMENT_FONT_URLS.regular),
        fetchBytes(fetcher, DOCUMENT_FONT_URLS.bold),
      ])
        .then(([regular, bold]) => ({ regular, bold }))
        .catch((error: unknown) => {
          loaded = null; // offline before the fonts were cached: try again next time
          throw error;
        });
      return loaded;
    },
  };
}

export const browserFontSource = createBrowserFontSource();

/**
 * Puts the fonts into the service worker's cache ahead of need (call after sign-in), so a
 * document can be made offline later. Skipped when the user asked the browser to save data
 * (Save-Data): the first document made online caches them instead. Never throws.
 */
export async function warmDocumentFonts(): Promise<void> {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return;
  try {
    await Promise.all(
      Object.values(DOCUMENT_FONT_URLS).map((url) => fetch(url, { priority: 'low' })),
    );
  } catch {
    // Offline or a flaky network: the next sign-in or the first document tries again.
  }
}
