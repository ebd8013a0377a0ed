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
  /** Degrees clockwise that stand the card upright (or upside down): the turn of that view. */
  turn: number;
  /** The detector's score for it, 0..1. */
  score: number;
}

/** The turns of the photo the detector looks at: it finds cards within about 15 degrees of upright. */
export const pageTurns: Record<PageSearch, number[]> = {
  'quarter-turn': [90],
  'slant-turns': [30, 60, 120, 150],
};

/** The lower median: of a card and a pair, the card. */
const lowerMedian = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : sorted[(sorted.length - 1) >> 1]!;
};

/** Top to bottom by row, left to right within one: the order a collector reads a binder page in. */
function readingOrder(a: Quad, b: Quad): number {
  const centre = (quad: Quad) => ({ x: quad.reduce((sum, p) => sum + p.x, 0) / 4, y: quad.reduce((sum, p) => sum + p.y, 0) / 4 });
  const height = (quad: Quad) => Math.max(...quad.map((p) => p.y)) - Math.min(...quad.map((p) => p.y));
  const [ca, cb] = [centre(a), centre(b)];
  return Math.abs(ca.y - cb.y) < Math.min(height(a), height(b)) / 2 ? ca.x - cb.x : ca.y - cb.y;
}

/**
 * Every card the detector sees in a page or pile photo, at most `maxCards`, in reading order. The
 * photo is looked at as it is and turned by each search's angles (cards on their side, cards at any
 * angle); a card found in several views, or a part of a card, is kept once, as its strongest view
 * of the whole card found it.
 */
export async function findPageCards(cv: OpenCv, image: RasterImage, detectCards: DetectCards, page: PageSettings, searches: readonly PageSearch[]): Promise<PageCard[]> {
  const turns = [0, ...searches.flatMap((search) => pageTurns[search])];
  const found: Array<Omit<PageCard, 'score'> & { conf: number }> = [];
  for (const turn of turns) {
    const view = turnedView(cv, image, turn, page.detectSide.value);
    for (const { x, y, w, h, conf } of await detectCards(view.image, page.minBoxScore.value)) {
      const quad = [{ x, y }, { x: x + w, y }, { x: x + w, y: y + h }, { x, y: y + h }].map(view.back) as Quad;
      found.push({ quad, turn, conf });
    }
  }
  const partOf = (part: Quad, whole: Quad) => shareInside(part, whole) >= page.partOfCard.value;
  const sameCard = (a: Quad, b: Quad) => quadIou(a, b) >= page.sameCard.value || partOf(a, b) || partOf(b, a);
  // A box around three or more cards, or around two the detector is surer of, is a group of cards
  // and not one card (a card lying on its side holds two weaker boxes, one on each half).
  const partsOf = (box: (typeof found)[number], stronger: boolean) => {
    const inside: Quad[] = [];
    for (const other of found) {
      if (other === box || (stronger && other.conf < box.conf) || !partOf(other.quad, box.quad)) continue;
      if (!inside.some((seen) => sameCard(seen, other.quad))) inside.push(other.quad);
    }
    return inside.length;
  };
  const groups = new Set(found.filter((box) => partsOf(box, false) > 2 || partsOf(box, true) > 1));
  let kept: typeof found = [];
  const areaOf = (card: (typeof found)[number]) => quadArea(card.quad);
  // The detector sees a card lying on its side as two upright boxes, one on each half.
  const halfOf = (part: (typeof found)[number], card: (typeof found)[number]) => {
    const share = areaOf(part) / areaOf(card);
    return share >= page.halfLow.value && share <= page.halfHigh.value && card.conf >= page.halfScoreShare.value * part.conf;
  };
  for (const card of found.sort((a, b) => b.conf - a.conf)) {
    if (groups.has(card) || kept.some((other) => quadIou(other.quad, card.quad) >= page.sameCard.value)) continue;
    const parts = kept.filter((other) => partOf(other.quad, card.quad));
    // Around a card kept already: a group of cards, or the sheet, unless what it holds are its halves.
    if (parts.length > 0 && !parts.every((part) => halfOf(part, card))) continue;
    const others = kept.filter((other) => !parts.includes(other));
    // Inside another card, or across two: a part of a card, or parts of two.
    if (others.reduce((sum, other) => sum + shareInside(card.quad, other.quad), 0) >= page.partOfCard.value) continue;
    kept = [...others, card];
  }
  // Cards of one page are about one size: a box about twice the others' size that holds two boxes of
  // their size is those two cards (a pair the detector saw as one, more surely than either).
  const typical = lowerMedian(kept.map(areaOf));
  if (kept.length >= 2) {
    for (const card of [...kept]) {
      if (areaOf(card) < page.pairArea.value * typical) continue;
      const inside: typeof found = [];
      for (const other of found) {
        const ratio = areaOf(other) / typical;
        if (kept.includes(other) || ratio < 1 / page.sizeTolerance.value || ratio > page.sizeTolerance.value || !partOf(other.quad, card.quad)) continue;
        if (!inside.some((seen) => sameCard(seen.quad, other.quad))) inside.push(other);
      }
      if (inside.length > 1) kept = [...kept.filter((other) => other !== card), ...inside];
    }
  }
  // Weakest first, a box lying across cards kept after it is no card of its own.
  for (const card of [...kept].reverse()) {
    const others = kept.filter((other) => other !== card);
    if (others.reduce((sum, other) => sum + shareInside(card.quad, other.quad), 0) >= page.partOfCard.value) kept = others;
  }
  return kept
    .slice(0, page.maxCards.value)
    .map(({ quad, turn, conf }) => ({ quad, turn, score: conf }))
    .sort((a, b) => readingOrder(a.quad, b.quad));
}
