import { computeLetterbox, type LetterboxGeometry } from './letterbox-geometry.ts';
import { resizeRgba } from './resize-rgba.ts';
import { writeContentToTensor } from './rgba-to-tensor.ts';
import type { TensorBuffer, TensorBufferPool } from './tensor-buffer-pool.ts';

export interface LetterboxedInput {
  tensor: TensorBuffer;
  geometry: LetterboxGeometry;
}

/** The whole preprocess on raw RGBA pixels, for runtimes without a canvas. */
export function letterboxToTensor(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, inputSize: number, pool: TensorBufferPool): LetterboxedInput {
  const geometry = computeLetterbox(width, height, inputSize);
  const tensor = pool.acquire(geometry);
  const content = geometry.contentWidth === width && geometry.contentHeight === height ? rgba : resizeRgba(rgba, width, height, geometry.contentWidth, geometry.contentHeight);
  writeContentToTensor(content, geometry, tensor.data);
  return { tensor, geometry };
}
