import { artCells, artOfThumbnail, coarseSize, coarseThumbnail, stripSize, thumbnailSize, toBytes } from '../describe/card-fingerprint.ts';
import type { Point, Quad } from '../geometry/card-quad.ts';
import { normalised, shiftedCorrelation } from '../image/correlation.ts';
import { judgeAgainst } from '../describe/likeness.ts';
import { lightingFloor } from '../image/grey-plane.ts';
import { readRegion } from './read-region.ts';
import type { FineDetails } from '../search/fine-details.ts';
import type { VerifySettings } from '../identify-settings.ts';
import type { PhotoSampler } from '../rectify/photo-sampler.ts';
import { cardRegions, type CardRegion } from '../geometry/card-regions.ts';

export interface Alignment {
  quad: Quad;
  /** Correlation of the whole card with the candidate's thumbnail once aligned, -1..1. */
  whole: number;
  /** Correlation of the bottom strip (set symbol, collector number) once aligned, -1..1. */
  strip: number;
  /** Correlation of the art box once aligned, -1..1. */
  art: number;
}

/** A region of the photo's card through `quad`, over its mean, as fingerprints store their regions. */
function regionThrough(sampler: PhotoSampler, quad: Quad, region: CardRegion, size: { width: number; height: number }): Uint8Array {
  const plane = sampler.sample(quad, region, size.width, size.height);
  let mean = 0;
  for (const value of plane.data) mean += value;
  mean /= plane.data.length;
  return toBytes({ ...plane, data: plane.data.map((value) => value / (mean + lightingFloor)) });
}

const moved = (quad: Quad, move: (p: Point, corner: number) => Point) => quad.map((p, corner) => move(p, corner)) as Quad;

const directions = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** The quad shifted, scaled, turned, or one side moved in or out: an outline off as a whole or on one side. */
export function wholeMoves(quad: Quad, step: number): Quad[] {
  const out: Quad[] = [];
  for (const [dx, dy] of directions) out.push(moved(quad, (p) => ({ x: p.x + dx * step, y: p.y + dy * step })));
  const cx = quad.reduce((sum, p) => sum + p.x, 0) / 4;
  const cy = quad.reduce((sum, p) => sum + p.y, 0) / 4;
  const size = Math.hypot(quad[2].x - quad[0].x, quad[2].y - quad[0].y) / 2;
  for (const factor of [1 + step / size, 1 - step / size]) out.push(moved(quad, (p) => ({ x: cx + (p.x - cx) * factor, y: cy + (p.y - cy) * factor })));
  for (const turn of [step / size, -step / size]) {
    const cos = Math.cos(turn);
    const sin = Math.sin(turn);
    out.push(moved(quad, (p) => ({ x: cx + (p.x - cx) * cos - (p.y - cy) * sin, y: cy + (p.x - cx) * sin + (p.y - cy) * cos })));
  }
  for (let side = 0; side < 4; side++) {
    const a = quad[side]!;
    const b = quad[(side + 1) % 4]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const normal = { x: (b.y - a.y) / length, y: -(b.x - a.x) / length };
    for (const sign of [1, -1]) {
      out.push(moved(quad, (p, k) => (k === side || k === (side + 1) % 4 ? { x: p.x + sign * step * normal.x, y: p.y + sign * step * normal.y } : p)));
    }
  }
  return out;
}

/** Each corner moved on its own: perspective the outline got slightly wrong. */
export function cornerMoves(quad: Quad, step: number): Quad[] {
  const out: Quad[] = [];
  for (let corner = 0; corner < 4; corner++) {
    for (const [dx, dy] of directions) out.push(moved(quad, (p, k) => (k === corner ? { x: p.x + dx * step, y: p.y + dy * step } : p)));
  }
  return out;
}

/** One stage of a hill climb: moves of one kind and size, judged at one resolution, for a few sweeps. */
export interface ClimbStage {
  judge: (quad: Quad) => number;
  moves: (quad: Quad, step: number) => Quad[];
  /** The step, as a share of the card's height. */
  share: number;
  sweeps: number;
}

/** Hill climbing from `start` through the stages: the quad judged best, and its judgement at the last stage. */
export function climb(start: Quad, stages: ClimbStage[]): { quad: Quad; value: number } {
  let quad = start;
  let best = -1;
  let judged: ClimbStage['judge'] | undefined;
  const cardHeight = Math.hypot(quad[3].x - quad[0].x, quad[3].y - quad[0].y);
  for (const { judge, moves, share, sweeps } of stages) {
    if (judged !== judge) best = judge(quad);
    judged = judge;
    for (let sweep = 0; sweep < sweeps; sweep++) {
      let improved = false;
      for (const trial of moves(quad, share * cardHeight)) {
        const value = judge(trial);
        if (value > best) {
          best = value;
          quad = trial;
          improved = true;
        }
      }
      if (!improved) break;
    }
  }
  return { quad, value: best };
}

/**
 * Moves the outline until the photo lines up with a thumbnail: hill climbing on their correlation,
 * from 3% of the card's height (6% when `wide`) down to under 1%.
 */
export function alignQuad(sampler: PhotoSampler, start: Quad, thumbnail: Uint8Array, verify: VerifySettings, { wide = false } = {}): { quad: Quad; whole: number } {
  const { wideStep, wideSweeps, coarseStep, coarseSweeps, mediumStep, mediumSweeps, cornerStep, cornerSweeps, fineCornerStep, fineCornerSweeps, finestStep, finestSweeps } = verify;
  // Large steps are judged on a half-resolution grid, small ones on the full thumbnail grid.
  const coarse = judgeAgainst(sampler, normalised(coarseThumbnail(thumbnail)), coarseSize.width, coarseSize.height);
  const fine = judgeAgainst(sampler, normalised(thumbnail), thumbnailSize.width, thumbnailSize.height);
  const { quad, value } = climb(start, [
    // A start a tenth of the card off (a detector's upright box around a turned card, an art box
    // taken for the card) is out of reach of the smaller steps.
    ...(wide ? [{ judge: coarse, moves: wholeMoves, share: wideStep.value, sweeps: wideSweeps.value }] : []),
    { judge: coarse, moves: wholeMoves, share: coarseStep.value, sweeps: coarseSweeps.value },
    { judge: coarse, moves: wholeMoves, share: mediumStep.value, sweeps: mediumSweeps.value },
    { judge: coarse, moves: cornerMoves, share: cornerStep.value, sweeps: cornerSweeps.value },
    { judge: fine, moves: cornerMoves, share: fineCornerStep.value, sweeps: fineCornerSweeps.value },
    { judge: fine, moves: wholeMoves, share: finestStep.value, sweeps: finestSweeps.value },
  ]);
  return { quad, whole: value };
}

/**
 * Moves the outline until the photo lines up with the candidate, then compares the bottom strip,
 * where reprints differ by a few pixels: an outline a few percent off would otherwise blur exactly
 * the detail that tells them apart.
 */
export function alignToCandidate(sampler: PhotoSampler, start: Quad, candidate: FineDetails, verify: VerifySettings): Alignment {
  const { alignedStripShiftX, alignedStripShiftY, alignedArtShift } = verify;
  const { quad, whole } = alignQuad(sampler, start, candidate.thumbnail, verify);
  const photoStrip = regionThrough(sampler, quad, cardRegions.strip, stripSize);
  const strip = shiftedCorrelation(photoStrip, candidate.strip, stripSize.width, stripSize.height, alignedStripShiftX.value, alignedStripShiftY.value);
  const photoThumbnail = readRegion(sampler, quad, { region: cardRegions.whole, ...thumbnailSize });
  const art = shiftedCorrelation(artOfThumbnail(photoThumbnail), artOfThumbnail(candidate.thumbnail), artCells.width, artCells.height, alignedArtShift.value, alignedArtShift.value);
  return { quad, whole, strip, art };
}
