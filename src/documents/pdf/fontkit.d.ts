// fontkit 2.0.4 ships no types, and @types/fontkit pulls Node's globals into the app: the part
// of its API the pdf-lib adapter (fontkit2.ts) touches.
declare module 'fontkit' {
  interface FontkitSubset {
    encode(): Uint8Array;
  }
  interface FontkitFont {
    createSubset(): FontkitSubset;
  }
  export function create(data: Uint8Array, postscriptName?: string): FontkitFont;
}
