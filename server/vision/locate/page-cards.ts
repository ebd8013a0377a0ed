import type { Detection } from '../../../engine/api.ts';
import { iou } from '../../../engine/postprocess/iou.ts';
import type { Box } from '../../../engine/preprocess/letterbox-geometry.ts';
import type { Quad } from '../geometry/card-quad.ts';
import type { PageSearch, PageSettings } from '../identify-settings.ts';
import { turnQuarter } from '../image/turn-quarter.ts';
import type { RasterImage } from '../image/raster-image.ts';
import type { FindCardCorners } from './card-corners-model.ts';
import type { DetectCards } from './card-detector.ts';

export interface PageCard {
  /** Where the detector saw it, in the image's pixels. */
  box: Box;
  /** Its corners in the image's pixels, clockwise from the top-left (of the card when upright). */
  quad: Quad;
}

export interface PageCardFinders {
  detectCards: DetectCards;
  /** The corner model, for corners closer than the box's; the box's own corners without it. */
  findCorners?: FindCardCorners;
}

/** A box found in the image turned a quarter clockwise, put back in the image's own pixels. */
function turnedBack(box: Detection, height: number): Detection {
  return { ...box, x: box.y, y: height - box.x - box.w, w: box.h, h: box.w };
}

const boxQuad = ({ x, y, w, h }: Box): Quad => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];

/** How much of `part` lies inside `whole`, as a share of `part`'s area. */
function insideShare(part: Box, whole: Box): number {
  const w = Math.min(part.x + part.w, whole.x + whole.w) - Math.max(part.x, whole.x);
  const h = Math.min(part.y + part.h, whole.y + whole.h) - Math.max(part.y, whole.y);
  return w > 0 && h > 0 ? (w * h) / (part.w * part.h) : 0;
}

/** Top to bottom by row, left to right within one: the order a collector reads a binder page in. */
function readingOrder(a: Box, b: Box): number {
  const sameRow = Math.abs(a.y + a.h / 2 - (b.y + b.h / 2)) < Math.min(a.h, b.h) / 2;
  return sameRow ? a.x - b.x : a.y - b.y;
}

/**
 * Every card the detector sees in a page or pile photo, at most `maxCards`, in reading order. The
 * photo is looked at as it is and, for the searches listed, turned a quarter (cards on their side);
 * a box overlapping a stronger one is the same card.
 */
export async function findPageCards(image: RasterImage, finders: PageCardFinders, page: PageSettings, searches: readonly PageSearch[]): Promise<PageCard[]> {
  const found = [...(await finders.detectCards(image))];
  if (searches.includes('quarter-turn')) {
    for (const box of await finders.detectCards(turnQuarter(image))) found.push(turnedBack(box, image.height));
  }
  let kept: Detection[] = [];
  const partOf = (part: Box, whole: Box) => insideShare(part, whole) >= page.partOfCard.value;
  for (const box of found.sort((a, b) => b.conf - a.conf)) {
    if (kept.some((other) => iou(other, box) >= page.sameCard.value || partOf(box, other))) continue;
    // A stronger box inside this one was a part of this card.
    kept = [...kept.filter((other) => !partOf(other, box)), box];
  }
  kept = kept.slice(0, page.maxCards.value);
  const cards: PageCard[] = [];
  for (const box of kept.sort(readingOrder)) {
    // The corner model alone, without the steps that refine a single card's outline: the card's own
    // identification finds its outline again, closely, in the part cut out for it.
    const [corners] = finders.findCorners ? await finders.findCorners(image, [box], []) : [];
    cards.push({ box, quad: corners?.quad ?? boxQuad(box) });
  }
  return cards;
}
