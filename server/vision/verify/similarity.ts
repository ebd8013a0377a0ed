import type { VerifySettings } from '../identify-settings.ts';

/** What the re-ranking measured for one candidate. */
export interface MatchEvidence {
  /** Correlation of the whole card after alignment, -1..1. */
  whole: number;
  /** Correlation of the bottom strip (set symbol, collector number), -1..1. */
  strip: number;
  /** Correlation of the art box, -1..1. */
  art: number;
  /** Weighted Hamming distance of the hashes, 0..1. */
  hashDistance: number;
}

export function similarity(evidence: MatchEvidence, { similarityWhole, similarityArt, similarityStrip, similarityHash }: VerifySettings): number {
  return similarityWhole.value * evidence.whole + similarityArt.value * evidence.art + similarityStrip.value * evidence.strip + similarityHash.value * (1 - 2 * evidence.hashDistance);
}
