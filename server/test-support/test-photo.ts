import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { TestCatalog } from '../../fixtures/identify/generate-test-catalog.ts';
import { renderPhoto, type PhotoOptions } from '../../fixtures/identify/render-photo.ts';
import type { Quad } from '../vision/geometry/card-quad.ts';
import { decodePhoto } from '../vision/decode/decode-photo.ts';
import { identifySettings } from '../vision/identify-settings.ts';
import type { RasterImage } from '../vision/image/raster-image.ts';

/** A generated photo as the server decodes it, the card's true corners in its pixels, and what was done to the card. */
export interface TestPhoto {
  image: RasterImage;
  truth: Quad;
  conditions: string[];
}

/** A generated photo of a card as the server decodes it, with the card's true corners in its pixels. */
export async function decodedTestPhoto(cardPng: Buffer, options: PhotoOptions): Promise<TestPhoto> {
  const { jpeg, corners, conditions } = await renderPhoto(cardPng, options);
  const image = await decodePhoto(jpeg, identifySettings.decode.workingSide.value);
  const scale = image.width / (await sharp(jpeg).metadata()).width!;
  return { image, truth: corners.map((p) => ({ x: p.x * scale, y: p.y * scale })) as Quad, conditions };
}

/** Easy generated photos of a generated catalogue's cards, one per seed, each of the printing the seed picks in turn. */
export async function easyPhotosOf(catalog: TestCatalog, seeds: number[]): Promise<TestPhoto[]> {
  const photos: TestPhoto[] = [];
  for (const seed of seeds) {
    const printing = catalog.printings[seed % catalog.printings.length]!;
    photos.push(await decodedTestPhoto(readFileSync(printing.imageFile), { seed, hard: false }));
  }
  return photos;
}
