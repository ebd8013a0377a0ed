import { beforeAll, describe, expect, it } from 'vitest';
import { cardsAroundArtBox } from './card-from-art-box.ts';
import { maxCornerDistance, orderQuad, type Point, type Quad } from '../geometry/card-quad.ts';
import { loadOpenCv, withMats, type OpenCv } from '../image/opencv.ts';

// Where the art box sits on a modern card, as fractions of its width and height.
const artBox = { x0: 0.075, y0: 0.12, x1: 0.925, y1: 0.5 };

/** The projective map from the card's own unit square onto `card` (its top-left corner first). */
function onCard(cv: OpenCv, card: Quad): (u: number, v: number) => Point {
  const m = withMats((keep) => {
    const from = keep(cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, 1, 0, 1, 1, 0, 1]));
    const to = keep(cv.matFromArray(4, 1, cv.CV_32FC2, card.flatMap((p) => [p.x, p.y])));
    return Float64Array.from(keep(cv.getPerspectiveTransform(from, to)).data64F);
  });
  return (u, v) => {
    const w = m[6]! * u + m[7]! * v + m[8]!;
    return { x: (m[0]! * u + m[1]! * v + m[2]!) / w, y: (m[3]! * u + m[4]! * v + m[5]!) / w };
  };
}

/** The art box's outline as the outline finder would report it. */
function artBoxOf(cv: OpenCv, card: Quad): Quad {
  const at = onCard(cv, card);
  return orderQuad([at(artBox.x0, artBox.y0), at(artBox.x1, artBox.y0), at(artBox.x1, artBox.y1), at(artBox.x0, artBox.y1)]);
}

function turned(card: Quad, degrees: number): Quad {
  const cx = card.reduce((sum, p) => sum + p.x, 0) / 4;
  const cy = card.reduce((sum, p) => sum + p.y, 0) / 4;
  const cos = Math.cos((degrees * Math.PI) / 180);
  const sin = Math.sin((degrees * Math.PI) / 180);
  return card.map((p) => ({ x: cx + (p.x - cx) * cos - (p.y - cy) * sin, y: cy + (p.x - cx) * sin + (p.y - cy) * cos })) as Quad;
}

const upright: Quad = [
  { x: 100, y: 80 },
  { x: 352, y: 80 },
  { x: 352, y: 432 },
  { x: 100, y: 432 },
];

// Corners from the card's own top-left: turned more than 90 degrees, the card lies upside down on screen.
const cards: Array<[string, Quad]> = [
  ['upright and square to the photo', upright],
  ['turned 20 degrees', turned(upright, 20)],
  ['upside down and turned', turned(upright, 195)],
  [
    'seen at an angle',
    [
      { x: 130, y: 60 },
      { x: 390, y: 95 },
      { x: 370, y: 470 },
      { x: 90, y: 440 },
    ],
  ],
];

describe('cardsAroundArtBox', () => {
  let cv: OpenCv;

  beforeAll(async () => {
    cv = await loadOpenCv();
  });

  it.each(cards)('puts the card around its art box when the card is %s, the other guess well away', (_name, card) => {
    const expected = orderQuad(card);
    const distances = cardsAroundArtBox(artBoxOf(cv, card)).map((quad) => maxCornerDistance(quad, expected));
    expect(distances).toHaveLength(2);
    const cardHeight = Math.hypot(card[3].x - card[0].x, card[3].y - card[0].y);
    expect(Math.min(...distances)).toBeLessThan(2);
    expect(Math.max(...distances)).toBeGreaterThan(0.2 * cardHeight);
  });
});
