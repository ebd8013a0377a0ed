import type { Detection } from '../../engine/api.ts';
import { DEFAULT_EDGE_FALLBACK, detectByEdges, fallbackSize } from '../../engine/fallback/edge-fallback.ts';
import { resizeRgba } from '../../engine/preprocess/resize-rgba.ts';
import type { RgbaImage } from './rgba-image.ts';

export interface EdgeRun {
  accepted: boolean;
  /** The heuristic's box in the image's pixels (confidence 1), when it accepts. */
  detections: Detection[];
  ms: number;
}

/** The worker's basic mode: the frame downsampled to the fallback size, then the edge heuristic. */
export function runEdgeDetector(image: RgbaImage): EdgeRun {
  const t0 = performance.now();
  const small = fallbackSize(DEFAULT_EDGE_FALLBACK);
  const pixels = resizeRgba(image.data, image.width, image.height, small.width, small.height);
  const result = detectByEdges(pixels, small.width, small.height, DEFAULT_EDGE_FALLBACK);
  const sx = image.width / small.width;
  const sy = image.height / small.height;
  const detections = result.box ? [{ x: result.box.x * sx, y: result.box.y * sy, w: result.box.w * sx, h: result.box.h * sy, conf: 1, cls: 0 }] : [];
  return { accepted: result.accepted, detections, ms: performance.now() - t0 };
}
