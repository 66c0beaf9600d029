// Keeps only what the embedded fonts can draw. A character outside the subset (a rare ideograph
// in a supplier's name, an emoji) becomes the visible □ instead of silently vanishing, which is
// what pdf-lib would otherwise print (.notdef, an empty box or nothing depending on the viewer).

import { MISSING_CHARACTER } from '../fonts/fontFiles';

/** Invisible format characters: dropped, not replaced (ZWSP, ZWJ, BOM, variation selectors). */
function isInvisible(point: number): boolean {
  return (
    (point >= 0x200b && point <= 0x200f) ||
    (point >= 0x2060 && point <= 0x2064) ||
    point === 0xfeff ||
    (point >= 0xfe00 && point <= 0xfe0f) ||
    (point >= 0xe0100 && point <= 0xe01ef)
  );
}

export type HasCharacter = (codePoint: number) => boolean;

/** Tabs become spaces, CR LF becomes LF, other control characters go; '\n' is kept. */
export function drawableText(text: string, has: HasCharacter): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    const point = ch.codePointAt(0) ?? 0;
    if (ch === '\n') out += ch;
    else if (ch === '\t') out += ' ';
    else if (point < 0x20 || (point >= 0x7f && point < 0xa0) || isInvisible(point)) continue;
    else out += has(point) ? ch : MISSING_CHARACTER;
  }
  return out;
}
