import type { Detection } from '../api.ts';
import type { LetterboxGeometry } from '../preprocess/letterbox-geometry.ts';
import { inputToSource } from '../preprocess/letterbox-geometry.ts';
import { decodeYolo } from './decode-yolo.ts';
import { nms } from './nms.ts';

export interface OutputToDetectionsOptions {
  confThreshold: number;
  iouThreshold: number;
  maxDetections: number;
}

/** Everything after inference up to the gate: decode, NMS, back to source pixels. Shared by the worker and Node tools. */
export function outputToDetections(data: Float32Array, dims: readonly number[], geometry: LetterboxGeometry, options: OutputToDetectionsOptions): Detection[] {
  const candidates = decodeYolo(data, dims, { confThreshold: options.confThreshold });
  return nms(candidates, { iouThreshold: options.iouThreshold, maxDetections: options.maxDetections }).map((d) => ({ ...inputToSource(d, geometry), conf: d.conf, cls: d.cls }));
}
