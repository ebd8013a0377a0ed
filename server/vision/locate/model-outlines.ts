import type { Detection } from '../../../engine/api.ts';
import type { LocateSettings, OutlineStep } from '../identify-settings.ts';
import type { RasterImage } from '../image/raster-image.ts';
import type { FindCardCorners } from './card-corners-model.ts';
import type { OutlineHypothesis } from './find-card-outlines.ts';

/** The detector's boxes the corner model looks in: the best, and the next when it is likely a card too. */
export function cornerWindows(boxes: Detection[], { cornerBoxes, cornerMinBoxScore }: LocateSettings): Detection[] {
  return boxes.filter((box, i) => i === 0 || box.conf >= cornerMinBoxScore.value).slice(0, cornerBoxes.value);
}

/** The corner model's outlines in the detector's boxes (the whole photo without any), those it is sure of. */
export async function modelOutlines(findCorners: FindCardCorners, image: RasterImage, boxes: Detection[], steps: readonly OutlineStep[], locate: LocateSettings): Promise<OutlineHypothesis[]> {
  return (await findCorners(image, cornerWindows(boxes, locate), steps))
    .filter((corners) => corners.sharpness >= locate.cornerMinSharpness.value)
    .map((corners) => ({ quad: corners.quad, score: corners.sharpness, source: 'model' as const }));
}
