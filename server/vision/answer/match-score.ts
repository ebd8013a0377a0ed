
/**
 * The chance, in percent, that a candidate shows the card photographed: a logistic function of its
 * similarity and of its lead over the best candidate with other artwork. Once aligned, a card
 * outside the catalogue still resembles printings of the same layout (similarity mostly under 0.6)
 * and, when the catalogue holds few cards of its layout, may lead the rest by 0.1 or more, while
 * the right printing is alike (mostly over 0.8) and ahead of the next by 0.25 to 0.5. The constants
 * are a logistic regression fitted to the samples `npm run bench:identify` writes (`npm run
 * bench:identify:fit`: 460 photos at each of 1,000, 10,000 and 50,000 printings). Fitted, not tuned
 * by hand: they stay here rather than in identify-settings.ts, and the bias is negative.
 */
export const scoreModel = { bias: -17.79, similarity: 23.58, lead: 21 } as const;

export function matchScore(similarityValue: number, lead: number): number {
  const z = scoreModel.bias + scoreModel.similarity * similarityValue + scoreModel.lead * lead;
  return 100 / (1 + Math.exp(-z));
}
