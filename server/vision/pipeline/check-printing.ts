import { byScore, type RankedPrinting } from '../answer/artwork-scores.ts';
import type { IdentifySettings, PrintingSettings } from '../identify-settings.ts';
import type { ArtworkGroup, CandidateRanking } from '../verify/candidate-ranking.ts';
import { textAgreement } from '../verify/read-printing.ts';

/**
 * A sure top printing checked where a printing of its picture under other text differs: its text
 * box. When the photo contradicts it there, the photo shows the picture in a printing the catalogue
 * lacks: the artwork's printings are kept, marked so, at most `contradictedScore`, so no scan adds
 * one by itself. A photo without a sure top printing is not read again.
 */
export function checkTopPrinting(scored: RankedPrinting[], groups: ArtworkGroup[], ranking: CandidateRanking, { printing, verify }: IdentifySettings): RankedPrinting[] {
  const top = scored[0];
  if (!top || top.score < printing.checkFromScore.value) return scored;
  const group = groups.find((members) => members.some((entry) => entry.position === top.position))!;
  const agreement = textAgreement(ranking, group, group.findIndex((entry) => entry.position === top.position), verify);
  if (agreement === undefined || agreement >= printing.textAgreement.value) return scored;
  return offeredAsMissing(scored, group, printing);
}

/** An artwork's printings when the photo shows it in a printing the catalogue lacks: marked so, at most `contradictedScore`, so no scan adds one by itself. */
export function offeredAsMissing(scored: RankedPrinting[], group: ArtworkGroup, { contradictedScore }: PrintingSettings): RankedPrinting[] {
  const members = new Set(group.map((entry) => entry.position));
  return scored
    .map((ranked) => (members.has(ranked.position) ? { ...ranked, score: Math.min(ranked.score, contradictedScore.value), printingNotInCatalogue: true } : ranked))
    .sort(byScore);
}
