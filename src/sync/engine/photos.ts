// The browser half of shrinking photos before they are queued (domain/files/photoShrink.ts says
// what and how far). It runs in the sync worker, so the page never decodes or encodes a photo:
// createImageBitmap decodes it (the EXIF orientation applied), an OffscreenCanvas draws it smaller
// and encodes it. Where either is missing, or the photo cannot be decoded or encoded in its type,
// the photo goes as it was chosen: shrinking saves bytes, it never stops an attachment.
import { isShrinkableType, keepsShrunk, photoShrink } from '../../domain/files/photoShrink';

/** The shrunk photo; null when it goes as it is. */
export async function shrinkPhoto(blob: Blob, type: string): Promise<Blob | null> {
  if (
    !isShrinkableType(type) ||
    typeof createImageBitmap !== 'function' ||
    typeof OffscreenCanvas !== 'function'
  ) {
    return null;
  }
  let source: ImageBitmap | undefined;
  try {
    source = await createImageBitmap(blob);
    const target = photoShrink(type, source.width, source.height);
    if (!target) return null;
    const canvas = new OffscreenCanvas(target.width, target.height);
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(source, 0, 0, target.width, target.height);
    const shrunk = await canvas.convertToBlob({
      type: target.type,
      ...(target.quality === undefined ? {} : { quality: target.quality }),
    });
    // An encoder without the type answers PNG instead: the photo then goes as it was.
    if (shrunk.type !== target.type || !keepsShrunk(blob.size, shrunk.size)) return null;
    return shrunk;
  } catch {
    // Not decodable here (a HEIC named .jpg, a damaged file): the server gets it as chosen.
    return null;
  } finally {
    source?.close();
  }
}
