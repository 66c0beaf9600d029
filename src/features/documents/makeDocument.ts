// Loads the document maker (renderDocument.ts, a separate chunk) and makes one document; every
// failure becomes a Chinese message the preview shows: the renderer's chunk not loading, the
// fonts not loading, a spec the renderer refuses, anything else.

import { DocumentSpecError } from '../../documents/spec';
import { DOCUMENT_TEXT } from './documentText';
import type { DocumentRequest, RenderedDocument } from './renderDocument';

/** Thrown by makeDocument: `message` is what the user reads. */
export class DocumentError extends Error {
  override name = 'DocumentError';
}

type Renderer = typeof import('./renderDocument');

/** The user's message for a failure of the document maker. */
export function documentErrorMessage(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'DocumentFontError') return DOCUMENT_TEXT.FONT_FAILED;
    if (error instanceof DocumentSpecError || error.name === 'DocumentSpecError') {
      return `${DOCUMENT_TEXT.FAILED}：${error.message}`;
    }
    return `${DOCUMENT_TEXT.FAILED}：${error.message || error.name}`;
  }
  return DOCUMENT_TEXT.FAILED;
}

export async function makeDocument(
  request: DocumentRequest,
  load: () => Promise<Renderer> = () => import('./renderDocument'),
): Promise<RenderedDocument> {
  let renderer: Renderer;
  try {
    renderer = await load();
  } catch {
    throw new DocumentError(DOCUMENT_TEXT.RENDERER_FAILED);
  }
  try {
    return await renderer.renderDocument(request);
  } catch (error) {
    throw new DocumentError(documentErrorMessage(error));
  }
}
