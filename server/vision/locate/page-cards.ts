import { quadArea, type Quad } from '../geometry/card-quad.ts';
import { quadIou, shareInside } from '../geometry/quad-overlap.ts';
import type { PageSearch, PageSettings } from '../identify-settings.ts';
import type { OpenCv } from '../image/opencv.ts';
import type { RasterImage } from '../image/raster-image.ts';
import { turnedView } from '../image/turned-view.ts';
import type { DetectCards } from './card-detector.ts';

export interface PageCard {
  /** Its corners in the image's pixels, clockwise, starting top-left of the card as it stood in the view that found it. */
  quad: Quad;
  /** Degrees clockwise that stand the card upright (or upside down): the turn of that view, a quarter more for a card on its side in it. */
  turn: number;
  /** The detector's score for it, 0..1. */
  score: number;
}

/**
 * The turns of the photo the detector looks at. It finds turned cards too, but as the upright box
 * around them: only a view that stands a card upright (within 15 degrees) holds its outline.
 */
export const pageTurns: Record<PageSearch, number[]> = {
  'quarter-turn': [90],
  'slant-turns': [30, 60, 120, 150],
};

/** Top to bottom by row, left to right within one: the order a collector reads a binder page in. */
function readingOrder(a: Quad, b: Quad): number {
  const centre = (quad: Quad) => ({ x: quad.reduce((sum, p) => sum + p.x, 0) / 4, y: quad.reduce((sum, p) => sum + p.y, 0) / 4 });
  const height = (quad: Quad) => Math.max(...quad.map((p) => p.y)) - Math.min(...quad.map((p) => p.y));
  const [ca, cb] = [centre(a), centre(b)];
  return Math.abs(ca.y - cb.y) < Math.min(height(a), height(b)) / 2 ? ca.x - cb.x : ca.y - cb.y;
}

/** A detector box mapped back to the photo, with the turn of the view that found it. */
type FoundBox = Omit<PageCard, 'score'> & { conf: number; view: number };

/**
 * Every card the detector sees in a page or pile photo, at most `maxCards`, in reading order. The
 * photo is looked at as it is and turned by each search's angles; a card found in several views, or
 * a part of a card, is kept once, as the view that stands it upright found it.
 */
export async function findPageCards(cv: OpenCv, image: RasterImage, detectCards: DetectCards, page: PageSettings, searches: readonly PageSearch[]): Promise<PageCard[]> {
  const turns = [0, ...searches.flatMap((search) => pageTurns[search])];
  const found: FoundBox[] = [];
  for (const turn of turns) {
    const view = turnedView(cv, image, turn, page.detectSide.value);
    for (const { x, y, w, h, conf } of await detectCards(view.image, { minScore: page.minBoxScore.value, inputSize: page.detectSide.value })) {
      const corners = [{ x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h }];
      // A card lying on its side in this view stands upright a further quarter turn on: its
      // top-left is then the box's bottom-left.
      const sideways = w > h;
      const quad = (sideways ? [corners[3]!, ...corners.slice(0, 3)] : corners).map(view.back) as Quad;
      found.push({ quad, turn: sideways ? turn + 90 : turn, conf, view: turn });
    }
  }
  const partOf = (part: Quad, whole: Quad) => shareInside(part, whole) >= page.partOfCard.value;
  const sameCard = (a: Quad, b: Quad) => quadIou(a, b) >= page.sameCard.value || partOf(a, b) || partOf(b, a);
  // A box around three or more cards, or around two the detector is surer of, is a group of cards
  // and not one card.
  const partsOf = (box: FoundBox, stronger: boolean) => {
    const inside: Quad[] = [];
    for (const other of found) {
      if (other === box || (stronger && other.conf < box.conf) || !partOf(other.quad, box.quad)) continue;
      if (!inside.some((seen) => sameCard(seen, other.quad))) inside.push(other.quad);
    }
    return inside.length;
  };
  // A view that holds a card turned finds it as a loose box around it; the view that stands it
  // upright finds it in a tight box inside, which is the card's outline even when it scores less.
  const tighterIn = (loose: FoundBox) =>
    found.some((tight) => {
      const share = quadArea(tight.quad) / quadArea(loose.quad);
      return tight.view !== loose.view && partOf(tight.quad, loose.quad) && share >= page.tightLow.value && share <= page.tightHigh.value && tight.conf >= page.tightScoreShare.value * loose.conf;
    });
  const kept: FoundBox[] = [];
  for (const card of found.filter((box) => !(partsOf(box, false) > 2 || partsOf(box, true) > 1) && !tighterIn(box)).sort((a, b) => b.conf - a.conf)) {
    if (!kept.some((other) => sameCard(other.quad, card.quad))) kept.push(card);
  }
  return kept
    .slice(0, page.maxCards.value)
    .map(({ quad, turn, conf }) => ({ quad, turn, score: conf }))
    .sort((a, b) => readingOrder(a.quad, b.quad));
}
