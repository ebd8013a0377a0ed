/** What the re-ranking measured for one candidate. */
export interface MatchEvidence {
  /** Correlation of the whole card after alignment, -1..1. */
  whole: number;
  /** Correlation of the bottom strip (set symbol, collector number), -1..1. */
  strip: number;
  /** Weighted Hamming distance of the hashes, 0..1. */
  hashDistance: number;
}

export function similarity(evidence: MatchEvidence): number {
  return 0.5 * evidence.whole + 0.3 * evidence.strip + 0.2 * (1 - 2 * evidence.hashDistance);
}

/**
 * The chance, in percent, that a candidate is the card photographed: a logistic function of its
 * similarity and of its lead over the best candidate with other artwork. Once aligned, a card
 * outside the catalogue still resembles printings of the same layout (similarity up to about 0.6)
 * but rarely stands out (lead mostly under 0.06), while the right printing is both alike (0.6 to
 * 0.9) and ahead of the next by 0.09 or more. The constants come from the similarity and lead
 * spreads `npm run bench:identify` prints; a lead of 0.075 at a similarity of 0.55 is an even chance.
 */
export const scoreModel = { bias: -27.75, similarity: 30, lead: 150 } as const;

export function matchScore(similarityValue: number, lead: number): number {
  const z = scoreModel.bias + scoreModel.similarity * similarityValue + scoreModel.lead * lead;
  return 100 / (1 + Math.exp(-z));
}

/** Candidates below this score are not shown; when none clears it the answer is "no match". */
export const scoreThreshold = 35;
