import type { Detection } from '../../../engine/api.ts';
import type { Box } from '../../../engine/preprocess/letterbox-geometry.ts';
import type { LocateSettings, OutlineStep } from '../identify-settings.ts';
import type { RasterImage } from '../image/raster-image.ts';
import type { FindCardCorners } from './card-corners-model.ts';
import type { OutlineHypothesis } from './find-card-outlines.ts';

/**
 * The windows the corner model looks in: the detector's best box, and the next when it is likely a
 * card too. When even the best box is that weak, the whole photo as well: such a box is as often a
 * part of the card (its lower half under glare, a turned card's corner cut off) as the card, and the
 * whole photo is where the corner model finds a card with no box at all.
 */
export function cornerWindows(boxes: Detection[], { cornerBoxes, cornerMinBoxScore }: LocateSettings, image: Pick<RasterImage, 'width' | 'height'>): Box[] {
  const windows: Box[] = boxes.filter((box, i) => i === 0 || box.conf >= cornerMinBoxScore.value).slice(0, cornerBoxes.value);
  const weakBest = boxes.length > 0 && boxes[0]!.conf < cornerMinBoxScore.value;
  return weakBest ? [...windows, { x: 0, y: 0, w: image.width, h: image.height }] : windows;
}

/** The corner model's outlines in the detector's boxes (the whole photo without any), those it is sure of. */
export async function modelOutlines(findCorners: FindCardCorners, image: RasterImage, boxes: Detection[], steps: readonly OutlineStep[], locate: LocateSettings): Promise<OutlineHypothesis[]> {
  return (await findCorners(image, cornerWindows(boxes, locate, image), steps))
    .filter((corners) => corners.sharpness >= locate.cornerMinSharpness.value)
    .map((corners) => ({ quad: corners.quad, score: corners.sharpness, source: 'model' as const }));
}
