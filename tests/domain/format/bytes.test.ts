// A file's size in words, and the share of it an upload's progress stands for.
import { describe, expect, it } from 'vitest';
import { fileShareSent, formatBytes } from '../../../src/domain/format/bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [70, '70 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [12_800, '12.5 KB'],
    [3.4 * 1024 * 1024, '3.4 MB'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('%s bytes read %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});

describe('fileShareSent', () => {
  it('is the file’s share of the request’s bytes, never above the file', () => {
    expect(fileShareSent(1000, 550, 1100)).toBe(500);
    expect(fileShareSent(1000, 1100, 1100)).toBe(1000);
    expect(fileShareSent(1000, 2000, 1100)).toBe(1000);
    expect(fileShareSent(1000, 0, 0)).toBe(0);
  });
});
