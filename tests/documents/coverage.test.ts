import { describe, expect, it } from 'vitest';
import { drawableText } from '../../src/documents/pdf/coverage';

// A font that has ASCII, 供应商 and □ only.
const known = new Set([...'供应商□'].map((c) => c.codePointAt(0)));
const has = (point: number) => (point >= 0x20 && point < 0x7f) || known.has(point);

describe('drawableText', () => {
  it.each([
    ['keeps what the font has', '供应商 A-1', '供应商 A-1'],
    ['marks a missing ideograph with □', '供应商𠮷', '供应商□'],
    ['marks an emoji once, dropping its variation selector and joiner', 'A❤️\u200dB', 'A□B'],
    ['turns tabs into spaces and CR LF into LF', 'a\tb\r\nc\rd', 'a b\nc\nd'],
    ['drops other control characters', 'a\u0000b\u0085c', 'abc'],
  ])('%s', (_name, input, expected) => {
    expect(drawableText(input, has)).toBe(expected);
  });
});
