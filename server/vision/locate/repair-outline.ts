import { identifySettings } from '../identify-settings.ts';
import type { RasterImage } from '../image/raster-image.ts';
import { largestCornerCosine, parallelogramCompletions, type Quad } from './card-quad.ts';
import type { RefineCorners } from './refine-corners.ts';

const { repairAboveCosine } = identifySettings.locate;

/** Whether a refined outline is too far from a rectangle for a card seen by a phone. */
export const misshapen = (quad: Quad): boolean => largestCornerCosine(quad) > repairAboveCosine.value;

/**
 * A misshapen outline with one corner taken far off (the corner model followed a straight line
 * running on from a side), rebuilt from its other three: each corner in turn is put where a
 * parallelogram puts it and the outline refined again; the most rectangular that is no longer
 * misshapen, if any.
 */
export async function repairedOutline(image: RasterImage, quad: Quad, refine: RefineCorners): Promise<Quad | undefined> {
  const rebuilt: Quad[] = [];
  for (const completed of parallelogramCompletions(quad)) rebuilt.push(await refine(image, completed));
  const shaped = rebuilt.filter((outline) => !misshapen(outline));
  shaped.sort((a, b) => largestCornerCosine(a) - largestCornerCosine(b));
  return shaped[0];
}
