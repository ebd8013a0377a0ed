import { scorePrintings, standing, type RankedPrinting } from '../answer/artwork-scores.ts';
import { scoreThreshold } from '../answer/match-score.ts';
import { identifySettings } from '../identify-settings.ts';
import type { IndexedPrinting } from '../search/fingerprint-index.ts';
import type { CandidateRanking } from '../verify/candidate-ranking.ts';
import type { PipelinePart } from './pipeline-parts.ts';

const { confidentScore, confidentSimilarity } = identifySettings.looks;

/**
 * Whether a look is sure enough to answer: its leading artwork, judged against its best rival
 * aligned too, scores high and is as alike as right matches are. Never without pixel comparisons.
 */
export function confidentAfter(ranking: CandidateRanking, uses: (part: PipelinePart) => boolean): boolean {
  if (!uses('fine-comparison')) return false;
  if (uses('alignment')) ranking.alignRivals();
  const groups = ranking.groups();
  if (groups.length === 0) return false;
  const { top, score } = standing(groups, 0);
  return score >= confidentScore.value && top >= confidentSimilarity.value;
}

/**
 * The printings ranked once the looks are done: the rival aligned, the likely cards' other printings
 * brought in, and the printings of each artwork shown told apart where they differ.
 */
export async function concludedRanking(ranking: CandidateRanking, printings: IndexedPrinting[], uses: (part: PipelinePart) => boolean): Promise<RankedPrinting[]> {
  if (uses('alignment')) ranking.alignRivals();
  if (uses('missing-printings')) {
    const groups = ranking.groups();
    await ranking.addPrintingsOfCards(groups.filter((_, g) => standing(groups, g).score >= scoreThreshold));
  }
  if (uses('alignment')) ranking.alignRivals();
  const groups = ranking.groups();
  // Printings of an artwork that is not shown need not be told apart.
  const fits = groups.map((group, g) => (uses('reprints') && standing(groups, g).score >= scoreThreshold ? ranking.tellApart(group) : undefined));
  return scorePrintings(groups, fits, printings);
}
