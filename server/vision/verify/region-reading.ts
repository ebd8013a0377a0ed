import { judgeAgainst } from '../describe/likeness.ts';
import { climb, cornerMoves, wholeMoves } from './align-to-candidate.ts';
import { halfResolution, type RegionGrid } from '../describe/card-fingerprint.ts';
import type { Quad } from '../geometry/card-quad.ts';
import { normalised } from '../image/correlation.ts';
import type { VerifySettings } from '../identify-settings.ts';
import type { PhotoSampler } from '../rectify/photo-sampler.ts';

/**
 * Moves the outline until one region of the photo's card lines up with `target` (that region as a
 * fingerprint stores it), judged at half resolution: a card lined up as a whole may still be off
 * by a letter's width in its bottom strip or its text box.
 */
export function alignRegionRoughly(sampler: PhotoSampler, start: Quad, { region, width, height }: RegionGrid, target: ArrayLike<number>, { regionRoughStep, regionRoughSweeps, regionStep, regionSweeps }: VerifySettings): Quad {
  const judge = judgeAgainst(sampler, normalised(halfResolution(target, width, height)), width >> 1, height >> 1, region);
  return climb(start, [
    { judge, moves: wholeMoves, share: regionRoughStep.value, sweeps: regionRoughSweeps.value },
    { judge, moves: wholeMoves, share: regionStep.value, sweeps: regionSweeps.value },
  ]).quad;
}

/**
 * Moves a roughly aligned outline by a fraction of a digit until the region lines up with `target`
 * at full resolution: what tells one collector number from another.
 */
export function alignRegionFinely(sampler: PhotoSampler, start: Quad, { region, width, height }: RegionGrid, target: Uint8Array, { regionFineStep, regionFineSweeps, regionCornerStep, regionCornerSweeps }: VerifySettings): Quad {
  const judge = judgeAgainst(sampler, normalised(target), width, height, region);
  return climb(start, [
    { judge, moves: wholeMoves, share: regionFineStep.value, sweeps: regionFineSweeps.value },
    { judge, moves: cornerMoves, share: regionCornerStep.value, sweeps: regionCornerSweeps.value },
  ]).quad;
}
