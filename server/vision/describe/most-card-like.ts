import type { PhotoSampler } from '../rectify/photo-sampler.ts';
import { likenessTo } from './likeness.ts';
import { halfTurn } from '../geometry/card-quad.ts';
import type { OutlineHypothesis } from '../locate/find-card-outlines.ts';

/**
 * Outlines, the most card-like first, each turned the way up it looks most like a card: by how much
 * the card read through each looks like the layout cards share (an art box or a patch of table does
 * not), then by its edges (`edgeWeight` of an outline's score, beside the likeness). Without pixel
 * comparisons they stay in the order found.
 */
export function mostCardLikeFirst(sampler: PhotoSampler | undefined, hypotheses: OutlineHypothesis[], typicalCard: Uint8Array, edgeWeight: number): OutlineHypothesis[] {
  if (!sampler) return hypotheses;
  const likeness = likenessTo(sampler, typicalCard);
  const rated = hypotheses.map((hypothesis) => {
    const [upright, turned] = [hypothesis.quad, halfTurn(hypothesis.quad)].map(likeness);
    return {
      hypothesis: turned! > upright! ? { ...hypothesis, quad: halfTurn(hypothesis.quad) } : hypothesis,
      rating: Math.max(upright!, turned!) + edgeWeight * hypothesis.score,
    };
  });
  return rated.sort((a, b) => b.rating - a.rating).map(({ hypothesis }) => hypothesis);
}
