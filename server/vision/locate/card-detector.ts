import { fileURLToPath } from 'node:url';
import type { Detection } from '../../../engine/api.ts';
import { outputToDetections } from '../../../engine/postprocess/output-to-detections.ts';
import { letterboxToTensor } from '../../../engine/preprocess/letterbox-to-tensor.ts';
import { createTensorBufferPool } from '../../../engine/preprocess/tensor-buffer-pool.ts';
import { loadModelSession } from '../runtime/model-file-session.ts';
import { presetSettings } from '../../../engine/settings/engine-settings.ts';
import type { RasterImage } from '../image/raster-image.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const cardDetectorModel = `${root}public/models/card-detector.onnx`;

/** How the detector looks: boxes scoring at least `minScore`, at the model input `inputSize` (the scanner's unless given). */
export interface DetectOptions {
  minScore?: number;
  inputSize?: number;
}

/** Where the app's card detector sees cards in a photo, best first, in the photo's pixels. */
export type DetectCards = (image: RasterImage, options?: DetectOptions) => Promise<Detection[]>;

function toRgba(image: RasterImage): Uint8Array {
  const out = new Uint8Array(image.width * image.height * 4);
  for (let i = 0, j = 0; j < out.length; i += 3, j += 4) {
    out[j] = image.data[i]!;
    out[j + 1] = image.data[i + 1]!;
    out[j + 2] = image.data[i + 2]!;
    out[j + 3] = 255;
  }
  return out;
}

/** The scanner's own model, run in Node as the worker runs it (same letterbox, decoding and NMS), on the server's model runtime. */
export async function loadCardDetector(modelFile: string = cardDetectorModel): Promise<DetectCards> {
  const session = await loadModelSession(modelFile);
  const pool = createTensorBufferPool();
  const settings = presetSettings('scanner');
  // One photo at a time: the pooled input tensor is reused by the next.
  let queue: Promise<unknown> = Promise.resolve();
  const detect = async (image: RasterImage, { minScore = settings.confThreshold, inputSize = settings.inputSize }: DetectOptions = {}): Promise<Detection[]> => {
    const { tensor, geometry } = letterboxToTensor(toRgba(image), image.width, image.height, inputSize, pool);
    const outcome = await session.run(tensor.data, tensor.dims);
    if (!outcome.ok) return [];
    return outputToDetections(outcome.output.data, outcome.output.dims, geometry, { ...settings, confThreshold: minScore }).sort((a, b) => b.conf - a.conf);
  };
  return (image, options) => {
    const result = queue.then(() => detect(image, options));
    queue = result.catch(() => undefined);
    return result;
  };
}

/**
 * The detector loaded on first use. Identification works without it (the edges still give
 * outlines), so a model that cannot load is reported once and no boxes are given.
 */
export function cardDetectorOnDemand(modelFile: string = cardDetectorModel): DetectCards {
  let loading: Promise<DetectCards | undefined> | undefined;
  return async (image, options) => {
    loading ??= loadCardDetector(modelFile).catch((error: unknown) => {
      console.warn(`Card detector unavailable on the server (${error instanceof Error ? error.message : String(error)}); identifying from edges only`);
      return undefined;
    });
    const detect = await loading;
    return detect ? detect(image, options) : [];
  };
}
