import { describe, expect, it } from 'vitest';
import {
  hasChineseCharacters,
  meetsSearchMinimum,
  omitEmpty,
  trimEndWhile,
  trimmedOrEmpty,
} from '../../../src/domain/format/text';

describe('trimEndWhile', () => {
  const slash = (c: string) => c === '/';
  it.each([
    ['https://example.cn///', 'https://example.cn'],
    ['https://example.cn', 'https://example.cn'],
    ['///', ''],
    ['', ''],
  ])('%j → %j', (text, trimmed) => expect(trimEndWhile(text, slash)).toBe(trimmed));

  it('is linear on a long run that does not end the text', () => {
    const text = `${'/'.repeat(200_000)}x`;
    expect(trimEndWhile(text, slash)).toBe(text);
  });
});

// purchasing-core §5 "Product entry" / "Search filters", settings-messaging-shared §5.

describe('hasChineseCharacters', () => {
  it.each([
    ['6ES7 214-1AG40-0XB0', false],
    ['', false],
    ['abc中', true],
    ['中', true],
    ['型号', true],
    ['\u4e00', true], // first unified ideograph
    ['\u9fff', true], // last unified ideograph
    ['\u9fa5', true], // end of the range older code used
    ['\u3400', true], // extension A
    ['\u4dbf', true],
    ['\uf900', true], // compatibility ideographs
    ['\ufaff', true],
    ['𠀀', true], // extension B U+20000
    ['𪜀', true], // extension C U+2A700
    ['\u33ff', false], // just below extension A
    ['\u4dc0', false], // hexagram symbol between A and the unified block
    ['\ua000', false], // Yi syllable after the unified block
    // Full-width punctuation, letters and digits are not Chinese characters.
    ['，。！？（）【】：；“”', false],
    ['ＡＢＣ１２３', false],
    ['ABC-123，', false],
    ['〇', false],
    ['カタカナ', false],
    ['한국어', false],
    ['é ü ß', false],
  ])('%j → %s', (text, expected) => {
    expect(hasChineseCharacters(text)).toBe(expected);
  });

  it('treats absent text as having none', () => {
    expect(hasChineseCharacters(null)).toBe(false);
    expect(hasChineseCharacters(undefined)).toBe(false);
  });
});

describe('meetsSearchMinimum', () => {
  it.each([
    ['', 2, false],
    ['a', 2, false],
    ['ab', 2, true],
    ['abc', 2, true],
    [' a ', 2, false],
    ['  ab  ', 2, true],
    ['a b', 2, true],
    ['西门', 2, true],
    ['西', 2, false],
    ['𠀀', 2, false], // one character, two UTF-16 units
    ['abc', 4, false],
    ['abcd', 4, true],
    ['', 0, true],
  ] as const)('%j with minimum %i → %s', (text, min, expected) => {
    expect(meetsSearchMinimum(text, min)).toBe(expected);
  });

  it('defaults to 2 characters', () => {
    expect(meetsSearchMinimum('a')).toBe(false);
    expect(meetsSearchMinimum('ab')).toBe(true);
  });

  it('treats absent text as too short', () => {
    expect(meetsSearchMinimum(null)).toBe(false);
    expect(meetsSearchMinimum(undefined)).toBe(false);
  });
});

describe('omitEmpty', () => {
  it("drops '', null and undefined and keeps every other value", () => {
    const list = ['a'];
    expect(
      omitEmpty({
        name: 'x',
        empty: '',
        nothing: null,
        missing: undefined,
        zero: 0,
        no: false,
        blank: ' ',
        list,
        none: [],
      }),
    ).toEqual({ name: 'x', zero: 0, no: false, blank: ' ', list, none: [] });
  });

  it('returns an empty record when everything is empty', () => {
    expect(omitEmpty({ a: '', b: null, c: undefined })).toEqual({});
  });

  it('does not change its input', () => {
    const input = { a: '', b: 1 };
    omitEmpty(input);
    expect(input).toEqual({ a: '', b: 1 });
  });

  it('leaves out the dropped keys entirely', () => {
    expect(Object.keys(omitEmpty({ a: '', b: 'x' }))).toEqual(['b']);
  });
});

describe('trimmedOrEmpty', () => {
  it.each([
    ['  abc  ', 'abc'],
    ['abc', 'abc'],
    ['', ''],
    ['   ', ''],
    ['\t中文\n', '中文'],
    [null, ''],
    [undefined, ''],
  ] as const)('%j → %j', (value, expected) => {
    expect(trimmedOrEmpty(value)).toBe(expected);
  });
});
