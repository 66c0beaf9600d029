/// <reference path="./fontkit.d.ts" />
// Lets pdf-lib 1.17.1 subset fonts with fontkit 2 instead of @pdf-lib/fontkit 1.1.1, whose
// TrueType subsetter blanks most Noto Sans SC glyphs (it rewrites `loca` in the short format for
// small subsets although the font has odd-length glyph records; docs/research/pdf-documents.md).
// pdf-lib calls create() and, on the subset, encodeStream() with an event API: fontkit 2 offers
// encode() returning the bytes, so the adapter wraps it. The fonts' other methods are the same.

import { create } from 'fontkit';
import type { PDFDocument } from 'pdf-lib';

/** pdf-lib's fontkit interface (its type is not exported by name). */
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

type Listener = (value?: unknown) => void;

interface EventStream {
  on(event: string, listener: Listener): EventStream;
}

function encodeStream(encode: () => Uint8Array): EventStream {
  const listeners: Record<string, Listener[]> = {};
  const stream: EventStream = {
    on(event, listener) {
      listeners[event] = [...(listeners[event] ?? []), listener];
      return stream;
    },
  };
  // pdf-lib subscribes right after the call; emit once it has.
  queueMicrotask(() => {
    try {
      const bytes = encode();
      for (const listener of listeners.data ?? []) listener(bytes);
      for (const listener of listeners.end ?? []) listener();
    } catch (error) {
      for (const listener of listeners.error ?? []) listener(error);
    }
  });
  return stream;
}

export const fontkit2: Fontkit = {
  create(data) {
    const font = create(data);
    const createSubset = font.createSubset.bind(font);
    font.createSubset = () => {
      const subset = createSubset();
      return Object.assign(subset, { encodeStream: () => encodeStream(() => subset.encode()) });
    };
    // fontkit 2's font has every member pdf-lib's Font type lists (same API as fontkit 1).
    return font as unknown as ReturnType<Fontkit['create']>;
  },
};
