import type { Detection } from '../api.ts';
import { iou } from './iou.ts';

export interface NmsOptions {
  /** A box is dropped when its IoU with a kept, more confident box of the same class exceeds this, 0..1. */
  iouThreshold: number;
  /** Most boxes kept. */
  maxDetections: number;
  /** Compare boxes across classes too. Default false, as in Ultralytics. */
  classAgnostic?: boolean;
}

/** Greedy non-maximum suppression; returns kept boxes by descending confidence. */
export function nms(detections: readonly Detection[], options: NmsOptions): Detection[] {
  const sorted = [...detections].sort((a, b) => b.conf - a.conf);
  const kept: Detection[] = [];
  for (const candidate of sorted) {
    if (kept.length >= options.maxDetections) break;
    const suppressed = kept.some((k) => (options.classAgnostic || k.cls === candidate.cls) && iou(k, candidate) > options.iouThreshold);
    if (!suppressed) kept.push(candidate);
  }
  return kept;
}
