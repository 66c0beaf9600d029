// The text check every route runs before its own validation (server/http/textGuard.ts, security
// review L12): NUL and lone surrogates are found anywhere in a parsed value, valid text passes.
import { describe, expect, it } from 'vitest';
import { findInvalidText, isInvalidText } from '../../../server/http/textGuard';

describe('isInvalidText', () => {
  it.each([
    ['', false],
    ['报价单 A-1\t\n', false],
    ['😀 a surrogate pair', false],
    ['\u0001 other control characters stay the fields’ own business', false],
    ['a\u0000b', true],
    ['\u0000', true],
    ['lone high \ud83d', true],
    ['lone high at the end \ud83d', true],
    ['lone low \ude00', true],
    ['reversed pair \ude00\ud83d', true],
  ])('%j → %s', (text, invalid) => expect(isInvalidText(text)).toBe(invalid));
});

describe('findInvalidText', () => {
  it('names the first bad field of a nested value, keys included', () => {
    expect(findInvalidText({ a: 1, b: [{ c: 'ok' }, { d: 'x\u0000' }] }, '')).toBe('b.1.d');
    expect(findInvalidText({ 'k\u0000': 'v' }, '')).toBe('k\u0000');
    expect(findInvalidText('\ud800', '')).toBe('');
    expect(findInvalidText({ a: 'ok', b: [1, null, true] }, '')).toBeNull();
    expect(findInvalidText(undefined, '')).toBeNull();
  });

  it('reads the query parser’s objects, whose prototype has no prototype', () => {
    function Empty() {}
    Empty.prototype = Object.create(null);
    const query = Object.assign(Object.create(Empty.prototype), { name: 'a\u0000' });
    expect(findInvalidText(query, '')).toBe('name');
  });

  it('leaves bytes alone and survives a deeply nested body', () => {
    expect(findInvalidText({ file: Buffer.from([0, 0xd8]) }, '')).toBeNull();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInvalidText(deep, '')?.length).toBeGreaterThan(100_000);
  });
});
