// subset-font 2.9 ships no types (and @types/subset-font 2.3 pulls in Node's globals): the one call
// generate.ts makes.
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2';
  }
  function subsetFont(
    font: Uint8Array,
    text: string,
    options?: SubsetFontOptions,
  ): Promise<Uint8Array>;
  export default subsetFont;
}
