import sharp from 'sharp';
import { renderPhoto, type PhotoOptions } from '../../fixtures/identify/render-photo.ts';
import type { Quad } from '../vision/locate/card-quad.ts';
import { decodePhoto } from '../vision/decode/decode-photo.ts';
import type { RasterImage } from '../vision/image/raster-image.ts';

/** A generated photo of a card as the server decodes it, with the card's true corners in its pixels. */
export async function decodedTestPhoto(cardPng: Buffer, options: PhotoOptions): Promise<{ image: RasterImage; truth: Quad }> {
  const { jpeg, corners } = await renderPhoto(cardPng, options);
  const image = await decodePhoto(jpeg);
  const scale = image.width / (await sharp(jpeg).metadata()).width!;
  return { image, truth: corners.map((p) => ({ x: p.x * scale, y: p.y * scale })) as Quad };
}
