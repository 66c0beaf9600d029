// The document maker the preview loads on demand (a dynamic import: pdf-lib, fontkit and the
// definitions are ~330 kB gzipped, so they stay out of the app's first download). Renders in the
// browser from the synced rows: works offline once the fonts are in the service worker's cache.

import { orderDocumentSpec, sheetDocumentSpec } from '../../documents/definitions';
import { browserFontSource } from '../../documents/fonts/browserFonts';
import type { DocumentFonts } from '../../documents/fonts/fontFiles';
import type { OrderDocumentInput, SheetDocumentInput } from '../../documents/input';
import { renderPdf } from '../../documents/pdf/render';
import type { DocumentSpec } from '../../documents/spec';
import type { ReportTemplate } from '../../documents/templates';

/** What a document request names: the template and the input of its module. */
export type DocumentRequest =
  | { module: 'ORDER'; template: ReportTemplate; input: OrderDocumentInput }
  | { module: 'INQUERY_QUOTATION_SHEET'; template: ReportTemplate; input: SheetDocumentInput };

export interface RenderedDocument {
  fileName: string;
  title: string;
  bytes: Uint8Array;
}

/** The fonts could not be fetched (offline before they were ever cached, or a server error). */
export class DocumentFontError extends Error {
  override name = 'DocumentFontError';
}

export function documentSpecOf(request: DocumentRequest): DocumentSpec {
  return request.module === 'ORDER'
    ? orderDocumentSpec(request.template, request.input)
    : sheetDocumentSpec(request.template, request.input);
}

async function loadFonts(): Promise<DocumentFonts> {
  try {
    return await browserFontSource.load();
  } catch (error) {
    throw new DocumentFontError(error instanceof Error ? error.message : String(error));
  }
}

export async function renderDocument(request: DocumentRequest): Promise<RenderedDocument> {
  const spec = documentSpecOf(request);
  const bytes = await renderPdf(spec, await loadFonts());
  return { fileName: spec.fileName, title: spec.title, bytes };
}
