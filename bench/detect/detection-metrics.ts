import type { Detection } from '../../engine/api.ts';
import { iou } from '../../engine/postprocess/iou.ts';
import type { Box } from '../../engine/preprocess/letterbox-geometry.ts';

export const MATCH_IOU = 0.5;

/** One annotated image: its truth boxes and what a detector found, any order. */
export interface ScoredImage {
  truths: readonly Box[];
  detections: ReadonlyArray<Pick<Detection, 'x' | 'y' | 'w' | 'h' | 'conf'>>;
}

export interface ImageMatch {
  /** One per detection, most confident first: did it match a truth box not matched before? */
  hits: Array<{ conf: number; truePositive: boolean; iou: number }>;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
}

/** Greedy matching, most confident detection first, each to the unmatched truth with the highest IoU >= threshold. */
export function matchImage(image: ScoredImage, threshold = MATCH_IOU): ImageMatch {
  const used = new Array<boolean>(image.truths.length).fill(false);
  const sorted = [...image.detections].sort((a, b) => b.conf - a.conf);
  const hits = sorted.map((d) => {
    let bestIndex = -1;
    let bestIou = 0;
    image.truths.forEach((truth, i) => {
      const overlap = iou(d, truth);
      if (!used[i] && overlap >= threshold && overlap > bestIou) {
        bestIou = overlap;
        bestIndex = i;
      }
    });
    if (bestIndex >= 0) used[bestIndex] = true;
    return { conf: d.conf, truePositive: bestIndex >= 0, iou: bestIndex >= 0 ? bestIou : maxIou(d, image.truths) };
  });
  const truePositives = hits.filter((h) => h.truePositive).length;
  return { hits, truePositives, falsePositives: hits.length - truePositives, falseNegatives: image.truths.length - truePositives };
}

function maxIou(box: Box, truths: readonly Box[]): number {
  return truths.reduce((best, truth) => Math.max(best, iou(box, truth)), 0);
}

export interface PrecisionRecall {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** NaN when there are no detections. */
  precision: number;
  /** NaN when there are no truth boxes. */
  recall: number;
}

export function precisionRecall(images: readonly ScoredImage[], threshold = MATCH_IOU): PrecisionRecall {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const image of images) {
    const m = matchImage(image, threshold);
    tp += m.truePositives;
    fp += m.falsePositives;
    fn += m.falseNegatives;
  }
  return { truePositives: tp, falsePositives: fp, falseNegatives: fn, precision: tp + fp > 0 ? tp / (tp + fp) : Number.NaN, recall: tp + fn > 0 ? tp / (tp + fn) : Number.NaN };
}

export interface CurvePoint {
  recall: number;
  precision: number;
  /** Confidence of the detection that adds this point. */
  conf: number;
}

export interface AveragePrecision {
  /** Area under the interpolated precision-recall curve (all points); NaN without truth boxes. */
  ap: number;
  /** Raw precision and recall after each detection, most confident first. */
  curve: CurvePoint[];
}

/** AP at the matching IoU, pooling detections of every image and ranking them by confidence. */
export function averagePrecision(images: readonly ScoredImage[], threshold = MATCH_IOU): AveragePrecision {
  const totalTruths = images.reduce((n, image) => n + image.truths.length, 0);
  const hits = images.flatMap((image) => matchImage(image, threshold).hits).sort((a, b) => b.conf - a.conf);
  const curve: CurvePoint[] = [];
  let tp = 0;
  hits.forEach((hit, i) => {
    if (hit.truePositive) tp++;
    curve.push({ recall: totalTruths > 0 ? tp / totalTruths : 0, precision: tp / (i + 1), conf: hit.conf });
  });
  if (totalTruths === 0) return { ap: Number.NaN, curve };
  // Interpolated precision: the best precision at this recall or any higher one.
  let ap = 0;
  let envelope = 0;
  for (let i = curve.length - 1; i >= 0; i--) {
    envelope = Math.max(envelope, curve[i]!.precision);
    const previousRecall = i > 0 ? curve[i - 1]!.recall : 0;
    ap += (curve[i]!.recall - previousRecall) * envelope;
  }
  return { ap, curve };
}
