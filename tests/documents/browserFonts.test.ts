// The browser's font source fetches the very files the Node source reads (as Vite asset URLs), so
// a document rendered in the browser has the server's bytes. Here the fetch is faked over the
// repository's files; docs/research/pdf-documents.md shows pdf-lib itself gives equal bytes in
// Chromium and Node.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nodeFontSource } from '../../src/documents/fonts/node/nodeFontSource';
import { renderPdf } from '../../src/documents/pdf/render';
import { contractSpec } from './samples';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Serves /src/… asset URLs from the repository, like Vite's dev server; counts the calls. */
function fakeFetch(failures = 0) {
  const calls: string[] = [];
  let failing = failures;
  const fetcher = async (url: string) => {
    calls.push(url);
    if (failing > 0) {
      failing -= 1;
      return new Response(null, { status: 504 });
    }
    const path = new URL(url, 'http://app.test').pathname;
    return new Response(await readFile(join(process.cwd(), path)));
  };
  return { fetcher, calls };
}

beforeAll(async () => {
  await nodeFontSource.load(); // builds the subsets if missing, before their URLs are imported
}, 120_000);

describe('browser font source', () => {
  it('loads the same bytes as the Node source, so the PDFs are identical', async () => {
    const { createBrowserFontSource, DOCUMENT_FONT_URLS } = await import(
      '../../src/documents/fonts/browserFonts'
    );
    expect(DOCUMENT_FONT_URLS.regular).toMatch(/NotoSansSC-Regular\.subset\.ttf/);
    const { fetcher, calls } = fakeFetch();
    const source = createBrowserFontSource(fetcher);
    const browserFonts = await source.load();
    const serverFonts = await nodeFontSource.load();
    expect(sha(browserFonts.regular)).toBe(sha(serverFonts.regular));
    expect(sha(browserFonts.bold)).toBe(sha(serverFonts.bold));
    const inBrowser = await renderPdf(contractSpec(), browserFonts);
    const onServer = await renderPdf(contractSpec(), serverFonts);
    expect(sha(inBrowser)).toBe(sha(onServer));
    // Loaded once per page session.
    await source.load();
    expect(calls).toHaveLength(2);
  });

  it('says the fonts failed to load, and tries again on the next call', async () => {
    const { createBrowserFontSource } = await import('../../src/documents/fonts/browserFonts');
    const { fetcher, calls } = fakeFetch(1);
    const source = createBrowserFontSource(fetcher);
    await expect(source.load()).rejects.toThrow('字体文件加载失败（504）');
    await expect(source.load()).resolves.toHaveProperty('bold');
    expect(calls.length).toBeGreaterThanOrEqual(3);
  });
});

describe('warmDocumentFonts', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('fetches both fonts at low priority, so the service worker caches them', async () => {
    const { warmDocumentFonts, DOCUMENT_FONT_URLS } = await import(
      '../../src/documents/fonts/browserFonts'
    );
    const fetchSpy = vi.fn(async () => new Response('font'));
    vi.stubGlobal('navigator', {});
    vi.stubGlobal('fetch', fetchSpy);
    await warmDocumentFonts();
    expect(fetchSpy.mock.calls).toEqual([
      [DOCUMENT_FONT_URLS.regular, { priority: 'low' }],
      [DOCUMENT_FONT_URLS.bold, { priority: 'low' }],
    ]);
  });

  it('leaves them alone under Save-Data and never throws offline', async () => {
    const { warmDocumentFonts } = await import('../../src/documents/fonts/browserFonts');
    const fetchSpy = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchSpy);
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    await warmDocumentFonts();
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.stubGlobal('navigator', { connection: { saveData: false } });
    await expect(warmDocumentFonts()).resolves.toBeUndefined();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });
});
