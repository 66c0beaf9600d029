// Draws the chosen square of an image onto a 200×200 canvas and answers it as a png
// (settings-messaging-shared §9 "Image crop: box 200 by 200, png output"). Works for gif, jpeg,
// png and svg sources alike (an svg is rasterised by the browser).
import { AVATAR_CROP } from '../../domain/files/avatar';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('the image could not be read'));
    image.src = src;
  });
}

export async function cropToPng(src: string, area: PixelArea): Promise<Blob> {
  const image = await loadImage(src);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_CROP.width;
  canvas.height = AVATAR_CROP.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(
    image,
    area.x,
    area.y,
    area.width,
    area.height,
    0,
    0,
    AVATAR_CROP.width,
    AVATAR_CROP.height,
  );
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the crop could not be encoded'))),
      AVATAR_CROP.outputMimeType,
    );
  });
}
