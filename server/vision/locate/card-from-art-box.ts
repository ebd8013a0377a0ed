import { orderQuad, pointInQuad, type Quad } from '../geometry/card-quad.ts';
import { artFrame } from '../geometry/card-regions.ts';

/** A corner of the card in the art box's own coordinates (the art box is the unit square). */
const cardCorners = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
].map(([x, y]) => ({ u: (x! - artFrame.x0) / (artFrame.x1 - artFrame.x0), v: (y! - artFrame.y0) / (artFrame.y1 - artFrame.y0) }));

/**
 * The cards an outline would belong to if it were the card's art box: when the card's own border is
 * lost against the table or off the frame, the art box's sharp frame usually still shows. The art
 * box is wider than tall, so its short sides are the card's left and right; whether the card goes
 * on below it or above it (a card upside down) is unknown, so both are returned.
 */
export function cardsAroundArtBox(quad: Quad): Quad[] {
  // orderQuad puts a short side first: from the art box's bottom-left up its left side (card
  // upright), or from its top-right down its right side (card upside down).
  const [q0, q1, q2, q3] = quad;
  const placements: Quad[] = [
    [q1, q2, q3, q0],
    [q3, q0, q1, q2],
  ];
  return placements.map((art) => orderQuad(cardCorners.map(({ u, v }) => pointInQuad(art, u, v))));
}
