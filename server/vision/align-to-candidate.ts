import { cardRegions, stripSize, thumbnailSize, toBytes } from './card-fingerprint.ts';
import type { Point, Quad } from './card-quad.ts';
import { shiftedCorrelation } from './fine-compare.ts';
import type { FineDetails } from './fingerprint-repository.ts';
import { resampleRegion } from './grey-plane.ts';
import type { PhotoSampler } from './photo-sampler.ts';

export interface Alignment {
  quad: Quad;
  /** Correlation of the whole card with the candidate's thumbnail once aligned, -1..1. */
  whole: number;
  /** Correlation of the bottom strip (set symbol, collector number) once aligned, -1..1. */
  strip: number;
  /** The photo's bottom strip read through the aligned outline. */
  photoStrip: Uint8Array;
}

/** The whole card is read at twice the thumbnail's resolution and flattened there, as the fingerprint does. */
const readColumns = thumbnailSize.width * 2;
const readRows = thumbnailSize.height * 2;

function thumbnailThrough(sampler: PhotoSampler, quad: Quad): Uint8Array {
  return toBytes(resampleRegion(sampler.sampleFlat(quad, readColumns, readRows), cardRegions.whole, thumbnailSize.width, thumbnailSize.height));
}

function stripThrough(sampler: PhotoSampler, quad: Quad): Uint8Array {
  const plane = sampler.sample(quad, cardRegions.strip, stripSize.width, stripSize.height);
  let mean = 0;
  for (const value of plane.data) mean += value;
  mean /= plane.data.length;
  return toBytes({ ...plane, data: plane.data.map((value) => value / (mean + 8)) });
}

const moved = (quad: Quad, move: (p: Point, corner: number) => Point) => quad.map((p, corner) => move(p, corner)) as Quad;

/** Small changes of the quad tried at each step: each corner on its own, then the whole quad shifted or scaled. */
function trials(quad: Quad, step: number): Quad[] {
  const out: Quad[] = [];
  const directions = [
    [step, 0],
    [-step, 0],
    [0, step],
    [0, -step],
  ] as const;
  for (let corner = 0; corner < 4; corner++) {
    for (const [dx, dy] of directions) out.push(moved(quad, (p, k) => (k === corner ? { x: p.x + dx, y: p.y + dy } : p)));
  }
  for (const [dx, dy] of directions) out.push(moved(quad, (p) => ({ x: p.x + dx, y: p.y + dy })));
  const cx = quad.reduce((sum, p) => sum + p.x, 0) / 4;
  const cy = quad.reduce((sum, p) => sum + p.y, 0) / 4;
  const size = Math.hypot(quad[2].x - quad[0].x, quad[2].y - quad[0].y);
  for (const factor of [1 + step / size, 1 - step / size]) out.push(moved(quad, (p) => ({ x: cx + (p.x - cx) * factor, y: cy + (p.y - cy) * factor })));
  return out;
}

/**
 * Moves the outline until the photo lines up with the candidate (hill climbing on the thumbnail's
 * correlation, from 3% of the card's height down to under 1%), then compares the bottom strip,
 * where reprints differ by a few pixels: an outline a few percent off would otherwise blur exactly
 * the detail that tells them apart.
 */
export function alignToCandidate(sampler: PhotoSampler, start: Quad, candidate: FineDetails): Alignment {
  const correlate = (quad: Quad) =>
    shiftedCorrelation(thumbnailThrough(sampler, quad), candidate.thumbnail, thumbnailSize.width, thumbnailSize.height, 0, 0);
  let quad = start;
  let best = correlate(quad);
  const cardHeight = Math.hypot(quad[3].x - quad[0].x, quad[3].y - quad[0].y);
  for (const share of [0.03, 0.015, 0.0075, 0.004]) {
    for (let sweep = 0; sweep < 4; sweep++) {
      let improved = false;
      for (const trial of trials(quad, share * cardHeight)) {
        const value = correlate(trial);
        if (value > best) {
          best = value;
          quad = trial;
          improved = true;
        }
      }
      if (!improved) break;
    }
  }
  const photoStrip = stripThrough(sampler, quad);
  const strip = shiftedCorrelation(photoStrip, candidate.strip, stripSize.width, stripSize.height, 3, 2);
  return { quad, whole: best, strip, photoStrip };
}
