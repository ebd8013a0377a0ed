import { textSize } from '../describe/card-fingerprint.ts';
import { shiftedCorrelation } from '../image/correlation.ts';
import type { VerifySettings } from '../identify-settings.ts';
import type { ArtworkGroup, CandidateRanking } from './candidate-ranking.ts';

/**
 * How well the photo's text box, read through the outline the artwork lined up best through,
 * agrees with one printing's: another card printed with this picture (a reprint under other
 * attacks, a rules box) reads apart there. Absent when it cannot be read (no alignment).
 */
export function textAgreement(ranking: CandidateRanking, group: ArtworkGroup, k: number, { differingShiftX, differingShiftY }: VerifySettings): number | undefined {
  const text = ranking.regionThroughBest(group, k, 'text');
  return text && shiftedCorrelation(text.photo, text.own, textSize.width, textSize.height, differingShiftX.value, differingShiftY.value);
}
