import { scorePrintings, standing, type RankedPrinting } from '../answer/artwork-scores.ts';
import type { Comparison, IdentifySettings, LookSettings } from '../identify-settings.ts';
import type { IndexedPrinting } from '../search/fingerprint-index.ts';
import type { CandidateRanking } from '../verify/candidate-ranking.ts';
import { checkTopPrinting } from './check-printing.ts';
import { tellByNumber, type ReadNumber } from './tell-by-number.ts';

/** Whether a look's ranking is sure enough to answer: its leading artwork scores high and is as alike as right matches are. */
export function isSure(ranking: CandidateRanking, { confidentScore, confidentSimilarity }: LookSettings): boolean {
  const groups = ranking.groups();
  if (groups.length === 0) return false;
  const { top, score } = standing(groups, 0);
  return score >= confidentScore.value && top >= confidentSimilarity.value;
}

/**
 * The printings ranked once the looks are done: the rival aligned, the likely cards' other printings
 * brought in, the printings of each artwork shown told apart where they differ, by their collector
 * number when it is read, and a sure top printing checked on its text box.
 */
export async function concludedRanking(
  ranking: CandidateRanking,
  printings: IndexedPrinting[],
  comparisons: readonly Comparison[],
  settings: IdentifySettings,
  readNumber?: ReadNumber,
): Promise<RankedPrinting[]> {
  const scoreThreshold = settings.answer.scoreThreshold.value;
  const aligns = comparisons.includes('alignment');
  if (aligns) ranking.alignRivals();
  if (comparisons.includes('missing-printings')) {
    const groups = ranking.groups();
    await ranking.addPrintingsOfCards(groups.filter((_, g) => standing(groups, g).score >= scoreThreshold));
  }
  if (aligns) ranking.alignRivals();
  const groups = ranking.groups();
  // Printings of an artwork that is not shown need not be told apart.
  const fits = groups.map((group, g) => (comparisons.includes('reprints') && standing(groups, g).score >= scoreThreshold ? ranking.tellApart(group) : undefined));
  let scored = scorePrintings(groups, fits, printings, settings.answer);
  if (readNumber && comparisons.includes('number-reader')) scored = await tellByNumber(scored, groups, ranking, printings, readNumber, settings);
  return comparisons.includes('printing-reader') ? checkTopPrinting(scored, groups, ranking, settings) : scored;
}
