import { stripSize, textSize } from '../describe/card-fingerprint.ts';
import type { CardRegion } from '../geometry/card-regions.ts';
import { shiftedCorrelation } from '../image/correlation.ts';
import type { VerifySettings } from '../identify-settings.ts';
import type { ArtworkGroup, CandidateRanking } from './candidate-ranking.ts';

/**
 * Where collector numbers are printed, as shares of the bottom strip (`cardRegions.strip`): the
 * lowest rows, at the right on the old layout (under the text box, "4/102" beside the rarity) and
 * at the left on the modern one ("001/165" beside the set code and regulation mark). Facts of the
 * cards, measured on their images.
 */
export const numberZones: Record<'old' | 'modern', CardRegion> = {
  old: { x0: 0.75, y0: 0.6, x1: 1, y1: 1 },
  modern: { x0: 0, y0: 0.6, x1: 0.3, y1: 1 },
};

function zoneMask({ x0, y0, x1, y1 }: CardRegion): Uint8Array {
  const { width, height } = stripSize;
  const mask = new Uint8Array(width * height);
  for (let y = Math.round(y0 * height); y < Math.round(y1 * height); y++) mask.fill(1, y * width + Math.round(x0 * width), y * width + Math.round(x1 * width));
  return mask;
}

const masks = Object.values(numberZones).map(zoneMask);

/** How well the photo agrees with one printing where printings of an artwork differ. */
export interface PrintingAgreement {
  /** The lower correlation of the two layouts' number zones: a zone without a number holds the same print on both, and agrees. */
  numbers: number;
  /** The text box's correlation: another card with this picture (a reprint under other attacks) reads apart there. */
  text: number;
}

/**
 * The photo read where printings differ, each region lined up with the printing's own, from the
 * outline its artwork lined up best through. Absent when that cannot be read (no alignment).
 */
export function printingAgreement(ranking: CandidateRanking, group: ArtworkGroup, k: number, { differingShiftX, differingShiftY }: VerifySettings): PrintingAgreement | undefined {
  const strip = ranking.ownRegion(group, k, 'strip');
  const text = ranking.ownRegion(group, k, 'text');
  if (!strip || !text) return undefined;
  const correlate = (region: { photo: Uint8Array; own: Uint8Array }, size: { width: number; height: number }, mask?: Uint8Array) =>
    shiftedCorrelation(region.photo, region.own, size.width, size.height, differingShiftX.value, differingShiftY.value, mask);
  return {
    numbers: Math.min(...masks.map((mask) => correlate(strip, stripSize, mask))),
    text: correlate(text, textSize),
  };
}
