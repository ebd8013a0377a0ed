import sharp from 'sharp';
import type { Quad } from '../geometry/card-quad.ts';
import { decodePhotoScaled } from '../decode/decode-photo.ts';
import { identifySettings, type IdentifySettings, type PageSearch } from '../identify-settings.ts';
import { loadOpenCv } from '../image/opencv.ts';
import type { RasterImage } from '../image/raster-image.ts';
import type { DetectCards } from '../locate/card-detector.ts';
import { findPageCards } from '../locate/page-cards.ts';

export interface PageSplitOptions {
  detectCards: DetectCards;
  settings?: IdentifySettings;
  searches: readonly PageSearch[];
}

/** One card of a page: its corners in the uploaded photo's pixels, and the part of the photo it is in. */
export interface CardOfPage {
  quad: Quad;
  /** A JPEG of the card standing upright (or upside down), with a margin around it, identified as a photo of its own. */
  photo: Uint8Array;
  /** The detector's score for it, 0..1. */
  score: number;
}

function around(image: RasterImage, quad: Quad, margin: number): { left: number; top: number; width: number; height: number } {
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  const room = margin * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const left = Math.max(0, Math.floor(Math.min(...xs) - room));
  const top = Math.max(0, Math.floor(Math.min(...ys) - room));
  const right = Math.min(image.width, Math.ceil(Math.max(...xs) + room));
  const bottom = Math.min(image.height, Math.ceil(Math.max(...ys) + room));
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/**
 * The cards of a binder page or a pile, each cut out of the photo: decoded at the page's working
 * side, the cards found (locate/page-cards.ts), and each card's part of the photo turned so the card
 * stands as in a photo of one card and encoded again, to be identified as any single photo is.
 * Corners are given in the uploaded photo's pixels (upright, as its EXIF orientation shows it).
 */
export async function splitPage(photo: Uint8Array, options: PageSplitOptions): Promise<CardOfPage[]> {
  const { page } = options.settings ?? identifySettings;
  const { image, scale } = await decodePhotoScaled(photo, page.workingSide.value);
  const cards = await findPageCards(await loadOpenCv(), image, options.detectCards, page, options.searches);
  const source = sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
  return Promise.all(
    cards.map(async ({ quad, turn, score }) => {
      const cut = source.clone().extract(around(image, quad, page.cropMargin.value));
      const upright = turn === 0 ? cut : sharp(await cut.png({ compressionLevel: 0 }).toBuffer()).rotate(turn, { background: '#808080' });
      return {
        quad: quad.map((p) => ({ x: p.x * scale, y: p.y * scale })) as Quad,
        photo: new Uint8Array(await upright.jpeg({ quality: page.cropQuality.value }).toBuffer()),
        score,
      };
    }),
  );
}
