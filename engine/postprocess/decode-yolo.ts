import type { Detection } from '../api.ts';

/**
 * 'channels-first' is the Ultralytics export layout [1, 4+C, N]; 'anchors-first' is its transpose
 * [1, N, 4+C]. Rows are cx, cy, w, h in input pixels, then C class scores in 0..1.
 */
export type YoloLayout = 'channels-first' | 'anchors-first';

export interface DecodeOptions {
  /** Minimum best-class score to keep an anchor, 0..1. */
  confThreshold: number;
  /** Force a layout; by default the longer axis is taken as the anchors. */
  layout?: YoloLayout;
}

export function inferLayout(dims: readonly number[]): YoloLayout {
  if (dims.length !== 3 || dims[0] !== 1) throw new RangeError(`expected a [1, 4+C, N] or [1, N, 4+C] output, got [${dims.join(', ')}]`);
  return dims[1]! <= dims[2]! ? 'channels-first' : 'anchors-first';
}

/** Boxes above the threshold, in input pixels with a top-left origin, in anchor order. */
export function decodeYolo(data: Float32Array, dims: readonly number[], options: DecodeOptions): Detection[] {
  const layout = options.layout ?? inferLayout(dims);
  const channels = layout === 'channels-first' ? dims[1]! : dims[2]!;
  const anchors = layout === 'channels-first' ? dims[2]! : dims[1]!;
  if (channels < 5) throw new RangeError(`expected at least 5 values per anchor, got ${channels}`);
  if (data.length < channels * anchors) throw new RangeError(`output has ${data.length} values, expected ${channels * anchors}`);
  const classes = channels - 4;
  // Strides let one loop serve both layouts without copying into a transposed buffer.
  const channelStride = layout === 'channels-first' ? anchors : 1;
  const anchorStride = layout === 'channels-first' ? 1 : channels;
  // Scores are float32: float32(0.22) is slightly below the double 0.22 and must still pass a 0.22 threshold.
  const threshold = Math.fround(options.confThreshold);
  const out: Detection[] = [];
  for (let a = 0; a < anchors; a++) {
    const base = a * anchorStride;
    let conf = data[base + 4 * channelStride]!;
    let cls = 0;
    for (let c = 1; c < classes; c++) {
      const score = data[base + (4 + c) * channelStride]!;
      if (score > conf) {
        conf = score;
        cls = c;
      }
    }
    if (!(conf >= threshold)) continue;
    const w = data[base + 2 * channelStride]!;
    const h = data[base + 3 * channelStride]!;
    if (!(w > 0 && h > 0)) continue;
    out.push({ x: data[base]! - w / 2, y: data[base + channelStride]! - h / 2, w, h, conf, cls });
  }
  return out;
}
