import { describe, expect, it } from 'vitest';
import {
  isShrinkableType,
  keepsShrunk,
  PHOTO_LONG_SIDE_PX,
  photoShrink,
} from '../../../src/domain/files/photoShrink';

describe('photoShrink', () => {
  it('brings the long side down to 2,000 px, keeping the aspect ratio, in the same type', () => {
    expect(photoShrink('image/jpeg', 4000, 3000)).toEqual({
      width: 2000,
      height: 1500,
      type: 'image/jpeg',
      quality: 0.85,
    });
    // A portrait phone screenshot: PNG stays lossless.
    expect(photoShrink('IMAGE/PNG', 1170, 2532)).toEqual({
      width: 924,
      height: 2000,
      type: 'image/png',
      quality: undefined,
    });
    expect(photoShrink('image/webp', 2001, 10)?.width).toBe(PHOTO_LONG_SIDE_PX);
  });

  it('leaves photos within the limit, other types and nonsense sizes alone', () => {
    expect(photoShrink('image/jpeg', 2000, 1000)).toBeNull();
    expect(photoShrink('image/gif', 4000, 3000)).toBeNull();
    expect(photoShrink('image/svg+xml', 4000, 3000)).toBeNull();
    expect(photoShrink('application/pdf', 4000, 3000)).toBeNull();
    expect(photoShrink('image/jpeg', Number.NaN, 3000)).toBeNull();
    expect(photoShrink('image/jpeg', Number.POSITIVE_INFINITY, 3000)).toBeNull();
  });

  it('never makes a side zero', () => {
    expect(photoShrink('image/jpeg', 100_000, 10)).toMatchObject({ width: 2000, height: 1 });
  });

  it('knows the shrunk types and keeps a copy only when it is smaller', () => {
    expect(isShrinkableType('image/jpeg')).toBe(true);
    expect(isShrinkableType('image/heic')).toBe(false);
    expect(keepsShrunk(1000, 999)).toBe(true);
    expect(keepsShrunk(1000, 1000)).toBe(false);
    expect(keepsShrunk(1000, 0)).toBe(false);
  });
});
