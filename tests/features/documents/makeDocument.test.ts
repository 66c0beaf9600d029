// The document maker as the preview uses it: the lazily loaded renderer's result passed through,
// and every failure turned into the Chinese message the dialog shows (the chunk not loading, the
// fonts not loading, a spec the renderer refuses). e2e/documents.spec.ts renders real documents.
import { describe, expect, it } from 'vitest';
import { DocumentSpecError } from '../../../src/documents/spec';
import { templateOfKind } from '../../../src/documents/templates';
import { DOCUMENT_TEXT } from '../../../src/features/documents/documentText';
import {
  DocumentError,
  documentErrorMessage,
  makeDocument,
} from '../../../src/features/documents/makeDocument';
import {
  DocumentFontError,
  type DocumentRequest,
} from '../../../src/features/documents/renderDocument';

const request = { module: 'ORDER', template: templateOfKind('contract') } as DocumentRequest;

describe('makeDocument', () => {
  it('says the renderer did not load when its chunk fails', async () => {
    const failing = makeDocument(request, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(failing).rejects.toBeInstanceOf(DocumentError);
    await expect(failing).rejects.toThrow(DOCUMENT_TEXT.RENDERER_FAILED);
  });

  it('says the fonts did not load', async () => {
    const renderer = {
      renderDocument: () => Promise.reject(new DocumentFontError('字体文件加载失败（503）')),
    } as unknown as typeof import('../../../src/features/documents/renderDocument');
    await expect(makeDocument(request, async () => renderer)).rejects.toThrow(
      DOCUMENT_TEXT.FONT_FAILED,
    );
  });

  it('passes the renderer result through', async () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const renderer = {
      renderDocument: async () => ({ fileName: 'a.pdf', title: 'a', bytes }),
    } as unknown as typeof import('../../../src/features/documents/renderDocument');
    await expect(makeDocument(request, async () => renderer)).resolves.toEqual({
      fileName: 'a.pdf',
      title: 'a',
      bytes,
    });
  });
});

describe('documentErrorMessage', () => {
  it('names a spec error with its message', () => {
    expect(documentErrorMessage(new DocumentSpecError('单据日期无效：x'))).toBe(
      `${DOCUMENT_TEXT.FAILED}：单据日期无效：x`,
    );
  });
  it('is the plain failure for a non-error', () => {
    expect(documentErrorMessage('boom')).toBe(DOCUMENT_TEXT.FAILED);
  });
  it('names the fonts for a font error', () => {
    expect(documentErrorMessage(new DocumentFontError('x'))).toBe(DOCUMENT_TEXT.FONT_FAILED);
  });
});
