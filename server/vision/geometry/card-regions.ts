/**
 * Where things sit on a card, as fractions of its width and height (modern card layouts), and the
 * size a card is rectified to. Facts of the cards, measured on their images, shared by every stage;
 * the regions and the size are part of the fingerprint's layout (bump `fingerprintVersion` in
 * describe/card-fingerprint.ts when they change).
 */

/** A region of the card, as fractions of its width and height. */
export interface CardRegion {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A rectified card is this many pixels (63 x 88 mm at about 3.8 px/mm). */
export const cardWidth = 240;
export const cardHeight = 336;

/**
 * Regions as fractions of the card. The bottom strip holds the set symbol, the collector number and
 * the regulation mark on modern cards: it tells apart reprints that share their artwork. The text
 * box (attacks, abilities, rules) tells apart a card's printings in other languages.
 */
export const cardRegions = {
  whole: { x0: 0.03, y0: 0.02, x1: 0.97, y1: 0.98 },
  art: { x0: 0.08, y0: 0.1, x1: 0.92, y1: 0.5 },
  strip: { x0: 0.03, y0: 0.86, x1: 0.97, y1: 0.975 },
  text: { x0: 0.05, y0: 0.5, x1: 0.95, y1: 0.86 },
} as const;

/**
 * The art box's printed frame, where an outline search finds it: a little wider and lower than the
 * fingerprint's `cardRegions.art`, which reads the picture inside the frame and leaves its border out.
 */
export const artFrame: CardRegion = { x0: 0.075, y0: 0.12, x1: 0.925, y1: 0.5 };
