import { orderQuad, type Point, type Quad } from './card-quad.ts';
import { withMats, type OpenCv } from './opencv.ts';

/** Where the art box sits on a card, as fractions of its width and height (modern card layouts). */
const artBox = { x0: 0.075, y0: 0.12, x1: 0.925, y1: 0.5 } as const;

function mapPoint(m: Float64Array, p: Point): Point {
  const w = m[6]! * p.x + m[7]! * p.y + m[8]!;
  return { x: (m[0]! * p.x + m[1]! * p.y + m[2]!) / w, y: (m[3]! * p.x + m[4]! * p.y + m[5]!) / w };
}

/**
 * The cards an outline would belong to if it were the card's art box: when the card's own border is
 * lost against the table or off the frame, the art box's sharp frame usually still shows. The art
 * box is wider than tall, so its short sides are the card's left and right; whether the card goes
 * on below it or above it (a card upside down) is unknown, so both are returned.
 */
export function cardsAroundArtBox(cv: OpenCv, quad: Quad): Quad[] {
  const art = [
    { x: artBox.x0, y: artBox.y1 },
    { x: artBox.x0, y: artBox.y0 },
    { x: artBox.x1, y: artBox.y0 },
    { x: artBox.x1, y: artBox.y1 },
  ];
  // orderQuad puts a short side first: it is the art box's left side (card upright) or its right side (card upside down).
  const placements = [art, [art[2]!, art[3]!, art[0]!, art[1]!]];
  const card = [
    { x: 0, y: 0 },
    { x: 1, y: 0 },
    { x: 1, y: 1 },
    { x: 0, y: 1 },
  ];
  return withMats((keep) =>
    placements.map((corners) => {
      const from = keep(cv.matFromArray(4, 1, cv.CV_32FC2, corners.flatMap((p) => [p.x, p.y])));
      const to = keep(cv.matFromArray(4, 1, cv.CV_32FC2, quad.flatMap((p) => [p.x, p.y])));
      const matrix = keep(cv.getPerspectiveTransform(from, to));
      return orderQuad(card.map((p) => mapPoint(matrix.data64F, p)));
    }),
  );
}
