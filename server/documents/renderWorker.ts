// The worker side of the document render pool (renderPool.ts): a worker thread that turns a
// DocumentSpec, built on the main thread by the definitions, into the PDF bytes with the same
// engine as the browser, so a render's 0.1–0.3 s of CPU never stalls the server's event loop.
// The fonts (~5 MB) are read once per worker, on its first render. The bytes go back transferred,
// not copied. A refusal of the spec (DocumentSpecError) comes back as a value naming it, because
// an Error crossing the thread boundary loses its class; any other failure is thrown as usual.
import { move } from 'piscina';
import { nodeFontSource } from '../../src/documents/fonts/node/nodeFontSource';
import { renderPdf } from '../../src/documents/pdf/render';
import { type DocumentSpec, DocumentSpecError } from '../../src/documents/spec';

/** A spec the renderer refused: the DocumentSpecError's message, carried across by name. */
export type RenderRefusal = { refused: 'DocumentSpecError'; message: string };

/** What a render task answers: the PDF bytes, or the refusal of its spec. */
export type RenderAnswer = Uint8Array | RenderRefusal;

/** Bytes that own their whole buffer, so they can be transferred (a view of a larger one is copied). */
function ownBuffer(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
}

export default async function renderDocument(spec: DocumentSpec): Promise<RenderAnswer> {
  try {
    const bytes = await renderPdf(spec, await nodeFontSource.load());
    return move(ownBuffer(bytes)) as Uint8Array;
  } catch (error) {
    if (error instanceof DocumentSpecError) {
      return { refused: 'DocumentSpecError', message: error.message };
    }
    throw error;
  }
}
