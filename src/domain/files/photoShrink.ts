// Photos shrunk on the device before they are queued (issue 22 item 5): a field user on a weak
// network sends a 12-megapixel phone photo as about half a megabyte, and it still reads as the
// nameplate or the screen it shows. The long side goes down to 2,000 px, in the photo's own type:
// JPEG at quality 0.85 (text stays legible; settings-messaging-shared sets no size), PNG
// (screenshots: lossless, transparency kept) and WebP at 0.85. Animated GIFs, SVG and anything
// else go as they are, and so does a photo the user asks to send as it is (原图).

export const PHOTO_LONG_SIDE_PX = 2000;

/** The types shrunk, and the encoder quality of each (undefined: lossless). */
const SHRUNK_TYPES: Readonly<Record<string, number | undefined>> = {
  'image/jpeg': 0.85,
  'image/png': undefined,
  'image/webp': 0.85,
};

export interface PhotoShrink {
  width: number;
  height: number;
  type: string;
  quality: number | undefined;
}

/** Whether a file of this type may be shrunk at all (its size is read only then). */
export function isShrinkableType(type: string): boolean {
  return Object.hasOwn(SHRUNK_TYPES, type.toLowerCase());
}

/**
 * The size and encoding to shrink a photo of `width` × `height` to; null when it goes as it is
 * (not a shrunk type, or its long side is within the limit). The aspect ratio is kept and no side
 * drops below one pixel.
 */
export function photoShrink(type: string, width: number, height: number): PhotoShrink | null {
  const key = type.toLowerCase();
  if (!isShrinkableType(key)) return null;
  const long = Math.max(width, height);
  if (!(long > PHOTO_LONG_SIDE_PX) || !Number.isFinite(long)) return null;
  const scale = PHOTO_LONG_SIDE_PX / long;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
    type: key,
    quality: SHRUNK_TYPES[key],
  };
}

/** The shrunk copy is kept only when it is smaller than the photo as chosen. */
export function keepsShrunk(originalBytes: number, shrunkBytes: number): boolean {
  return shrunkBytes > 0 && shrunkBytes < originalBytes;
}
