import { dctHash } from './dct-hash.ts';
import { flattenLighting, lumaOf, resampleRegion, type GreyPlane } from '../image/grey-plane.ts';
import { cardHeight, cardRegions, cardWidth, type CardRegion } from '../geometry/card-regions.ts';
import type { RasterImage } from '../image/raster-image.ts';

/**
 * Bump when anything below or in geometry/card-regions.ts changes: stored fingerprints of another version are recomputed. The sizes,
 * regions and lighting radius are the fingerprint's layout, which the index holds for every
 * printing, not tuning numbers (those are in identify-settings.ts).
 */
export const fingerprintVersion = 4;

/** Lighting is flattened over boxes this many card pixels either side: wider than a letter, narrower than glare. */
export const lightingRadius = 24;

/** `lightingRadius` in the cells of a region sampled `columns` wide. */
export function lightingRadiusIn(region: CardRegion, columns: number): number {
  return Math.max(1, Math.round((lightingRadius * columns) / ((region.x1 - region.x0) * cardWidth)));
}

/**
 * Words of the packed hash: whole card (8), art box (8), bottom strip (4), then the whole card and
 * art box again at their lowest frequencies (2 each). The first tell close look-alikes apart; the
 * last still match a card read through an outline several percent off, whose finer bits are noise.
 */
export const hashLayout = { whole: [0, 8], art: [8, 16], strip: [16, 20], lowWhole: [20, 22], lowArt: [22, 24] } as const;
export const hashWords = 24;

export const thumbnailSize = { width: 32, height: 44 } as const;
/** The thumbnail at half its resolution: cheap first comparisons that tolerate some misalignment. */
export const coarseSize = { width: thumbnailSize.width >> 1, height: thumbnailSize.height >> 1 } as const;

/** The thumbnail's cells inside the art box: where two cards of one layout differ most. */
export const artCells = (() => {
  const { whole, art } = cardRegions;
  const column = (x: number) => Math.round(((x - whole.x0) / (whole.x1 - whole.x0)) * thumbnailSize.width);
  const row = (y: number) => Math.round(((y - whole.y0) / (whole.y1 - whole.y0)) * thumbnailSize.height);
  const left = column(art.x0);
  const top = row(art.y0);
  return { left, top, width: column(art.x1) - left, height: row(art.y1) - top };
})();

/** A thumbnail's art box cells, `artCells` in size. */
export function artOfThumbnail(thumbnail: Uint8Array): Uint8Array {
  const { left, top, width, height } = artCells;
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) out.set(thumbnail.subarray((top + y) * thumbnailSize.width + left, (top + y) * thumbnailSize.width + left + width), y * width);
  return out;
}

/** A thumbnail averaged over 2x2 cells, `coarseSize`. */
export function coarseThumbnail(thumbnail: Uint8Array): Float32Array {
  return halfResolution(thumbnail, thumbnailSize.width, thumbnailSize.height);
}

/** A `width` x `height` grid (both even) at half its resolution, each cell the mean of four. */
export function halfResolution(values: ArrayLike<number>, width: number, height: number): Float32Array {
  const columns = width >> 1;
  const out = new Float32Array(columns * (height >> 1));
  for (let y = 0; y < height >> 1; y++) {
    for (let x = 0; x < columns; x++) {
      const at = 2 * y * width + 2 * x;
      out[y * columns + x] = (values[at]! + values[at + 1]! + values[at + width]! + values[at + width + 1]!) / 4;
    }
  }
  return out;
}

export const stripSize = { width: 192, height: 24 } as const;
/** Words show as their shapes: enough to tell one language's text from another's. */
export const textSize = { width: 96, height: 54 } as const;

/** A region of the card and the grid fingerprints store it at. */
export interface RegionGrid {
  region: CardRegion;
  width: number;
  height: number;
}

/** The regions that tell printings of one artwork apart, as fingerprints store them. */
export const regionGrids = {
  strip: { region: cardRegions.strip, ...stripSize },
  text: { region: cardRegions.text, ...textSize },
} as const satisfies Record<string, RegionGrid>;

export interface CardFingerprint {
  hashes: Uint32Array;
  /** Lighting-flattened grey of the whole card, for the finer comparison of the best few candidates. */
  thumbnail: Uint8Array;
  /** The same for the bottom strip, at a resolution where digits still differ. */
  strip: Uint8Array;
  /** The same for the text box. */
  text: Uint8Array;
}

/** Lighting-flattened values (about 1 on average) as bytes, the way fingerprints store them. */
export function toBytes(plane: GreyPlane): Uint8Array {
  const out = new Uint8Array(plane.data.length);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, Math.round(plane.data[i]! * 128)));
  return out;
}

function checkSize(card: RasterImage): void {
  if (card.width !== cardWidth || card.height !== cardHeight) {
    throw new Error(`expected a ${cardWidth}x${cardHeight} card, got ${card.width}x${card.height}`);
  }
}

function fingerprintFlat(flat: GreyPlane): CardFingerprint {
  const hashes = new Uint32Array(hashWords);
  const whole = resampleRegion(flat, cardRegions.whole, 32, 32);
  const art = resampleRegion(flat, cardRegions.art, 32, 32);
  hashes.set(dctHash(whole, 16, 16), hashLayout.whole[0]);
  hashes.set(dctHash(art, 16, 16), hashLayout.art[0]);
  hashes.set(dctHash(resampleRegion(flat, cardRegions.strip, 64, 16), 16, 8), hashLayout.strip[0]);
  hashes.set(dctHash(whole, 8, 8), hashLayout.lowWhole[0]);
  hashes.set(dctHash(art, 8, 8), hashLayout.lowArt[0]);
  return {
    hashes,
    thumbnail: toBytes(resampleRegion(flat, cardRegions.whole, thumbnailSize.width, thumbnailSize.height)),
    strip: toBytes(resampleRegion(flat, cardRegions.strip, stripSize.width, stripSize.height)),
    text: toBytes(resampleRegion(flat, cardRegions.text, textSize.width, textSize.height)),
  };
}

/** Fingerprint of a card image already rectified to `cardWidth` x `cardHeight`. */
export function fingerprintCard(card: RasterImage): CardFingerprint {
  checkSize(card);
  return fingerprintFlat(flattenLighting(lumaOf(card), lightingRadius));
}

/**
 * The fingerprints of a rectified card upright and turned half round. Flattening the light commutes
 * with the half turn (its window is symmetric), so the turned card is the flattened plane reversed.
 */
export function fingerprintBothWays(card: RasterImage): [CardFingerprint, CardFingerprint] {
  checkSize(card);
  const flat = flattenLighting(lumaOf(card), lightingRadius);
  return [fingerprintFlat(flat), fingerprintFlat({ ...flat, data: flat.data.slice().reverse() })];
}
