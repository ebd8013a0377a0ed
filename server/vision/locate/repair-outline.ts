import type { LocateSettings } from '../identify-settings.ts';
import type { RasterImage } from '../image/raster-image.ts';
import { largestCornerCosine, parallelogramCompletions, type Quad } from '../geometry/card-quad.ts';
import { sideFitOf, sidesOnEdges, type OutlineOnEdges } from './fit-sides.ts';
import type { RefineCorners } from './refine-corners.ts';

/** Whether a refined outline is too far from a rectangle for a card seen by a phone. */
export const misshapen = (quad: Quad, { repairAboveCosine }: LocateSettings): boolean => largestCornerCosine(quad) > repairAboveCosine.value;

/** Whether an outline is worth rebuilding: misshapen, or with a side along which little straight edge is seen. */
export const doubtful = (outline: OutlineOnEdges, locate: LocateSettings): boolean => misshapen(outline.quad, locate) || Math.min(...outline.support) < locate.repairBelowSupport.value;

/** Whether `a`'s sides lie better on edges in the photo than `b`'s: its worst side first, then all four. */
function betterOnEdges(a: OutlineOnEdges, b: OutlineOnEdges): boolean {
  const worst = (o: OutlineOnEdges) => Math.min(...o.support);
  const total = (o: OutlineOnEdges) => o.support.reduce((sum, share) => sum + share, 0);
  return worst(a) !== worst(b) ? worst(a) > worst(b) : total(a) > total(b);
}

export interface RepairedOutline {
  refined: Quad;
  onEdges: OutlineOnEdges;
}

/** A rebuilt outline with its sides moved onto edges, unless that bends it out of shape: the straight line that drew the corner model off the card lies along a side, and fitting can draw the side back onto it. */
function rebuilt(image: RasterImage, refined: Quad, locate: LocateSettings): RepairedOutline {
  const onEdges = sidesOnEdges(image, refined, sideFitOf(locate));
  return { refined, onEdges: misshapen(onEdges.quad, locate) ? { ...onEdges, quad: refined } : onEdges };
}

/**
 * A doubtful outline with one corner taken off the card (the corner model followed a straight
 * line running on from a side, or another card's corner), rebuilt from its other three: each
 * corner in turn is put where a parallelogram puts it and the outline refined again. A misshapen
 * outline becomes the most rectangular of those; a card-shaped one, where every rebuilt outline is
 * card-shaped too, the one whose sides lie best on edges, if better than its own.
 */
export async function repairedOutline(image: RasterImage, refined: Quad, outline: OutlineOnEdges, refine: RefineCorners, locate: LocateSettings): Promise<RepairedOutline | undefined> {
  const candidates = await refine(image, parallelogramCompletions(refined));
  const shaped = candidates.filter((quad) => !misshapen(quad, locate));
  if (misshapen(outline.quad, locate)) {
    const [mostRectangular] = shaped.sort((a, b) => largestCornerCosine(a) - largestCornerCosine(b));
    return mostRectangular && rebuilt(image, mostRectangular, locate);
  }
  const best = shaped.map((quad) => rebuilt(image, quad, locate)).reduce<RepairedOutline | undefined>((kept, next) => (!kept || betterOnEdges(next.onEdges, kept.onEdges) ? next : kept), undefined);
  return best && betterOnEdges(best.onEdges, outline) ? best : undefined;
}
