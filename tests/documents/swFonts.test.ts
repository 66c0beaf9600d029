import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_FONT_PATH,
  RUNTIME_CACHES,
  USER_CACHES,
} from '../../src/contract/serviceWorkerCaches';
import { FONT_FILES } from '../../src/documents/fonts/fontFiles';

/** Vite's default asset name: `assets/[name]-[hash][extname]` (hash: 8 base64url characters). */
const emitted = (file: string, hash: string) => `/assets/${file.replace(/\.ttf$/, `-${hash}.ttf`)}`;

describe('service worker font route', () => {
  it('matches the fonts as the build names them, and nothing else', () => {
    for (const file of Object.values(FONT_FILES)) {
      expect(DOCUMENT_FONT_PATH.test(emitted(file, 'B1x_9a-z'))).toBe(true);
    }
    for (const other of [
      '/assets/index-B1x_9a-z.js',
      '/assets/NotoSansSC-Regular.subset-B1x_9a-z.ttf.map',
      '/src/documents/fonts/generated/NotoSansSC-Regular.subset.ttf',
      '/api/v7/files/content',
    ]) {
      expect(DOCUMENT_FONT_PATH.test(other), other).toBe(false);
    }
  });

  it('keeps the fonts across sign-outs (they hold nothing of a user)', () => {
    expect(USER_CACHES).not.toContain(RUNTIME_CACHES.documentFonts);
  });
});
