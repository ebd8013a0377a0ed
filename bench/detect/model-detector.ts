import type { Detection, EngineSettings } from '../../engine/api.ts';
import { acceptBest, type AcceptanceResult } from '../../engine/gating/acceptance.ts';
import { outputToDetections } from '../../engine/postprocess/output-to-detections.ts';
import type { LetterboxGeometry } from '../../engine/preprocess/letterbox-geometry.ts';
import { letterboxToTensor } from '../../engine/preprocess/letterbox-to-tensor.ts';
import { createTensorBufferPool } from '../../engine/preprocess/tensor-buffer-pool.ts';
import { createModelSession, type ModelOutput, type ModelSession } from '../../engine/runtime/ort-session.ts';
import { nodeWasmPaths } from '../../engine-tests/support/node-runtime.ts';
import type { RgbaImage } from './rgba-image.ts';

/** One model run on a frame: the raw output, kept so several thresholds can be scored without running it again. */
export interface ModelRun {
  geometry: LetterboxGeometry;
  output: ModelOutput | null;
  error: string | null;
  letterboxMs: number;
  inferenceMs: number;
}

export interface ModelDetector {
  readonly inputs: ModelSession['inputs'];
  readonly outputs: ModelSession['outputs'];
  run(image: RgbaImage): Promise<ModelRun>;
  release(): Promise<void>;
}

/** The worker's model path in Node: letterbox into a pooled tensor, onnxruntime-web wasm on one thread. */
export async function createModelDetector(model: Uint8Array, inputSize: number): Promise<ModelDetector> {
  const session = await createModelSession(model, { wasmPaths: nodeWasmPaths });
  const pool = createTensorBufferPool();
  return {
    inputs: session.inputs,
    outputs: session.outputs,
    async run(image) {
      const t0 = performance.now();
      const { tensor, geometry } = letterboxToTensor(image.data, image.width, image.height, inputSize, pool);
      const t1 = performance.now();
      const outcome = await session.run(tensor.data, tensor.dims);
      const t2 = performance.now();
      return { geometry, output: outcome.ok ? outcome.output : null, error: outcome.ok ? null : outcome.error, letterboxMs: t1 - t0, inferenceMs: t2 - t1 };
    },
    release: () => session.release(),
  };
}

export interface ScoredRun {
  detections: Detection[];
  gate: AcceptanceResult;
  postprocessMs: number;
  gatingMs: number;
  error: string | null;
}

/** What the worker does after inference: decode, NMS, back to frame pixels, then the acceptance rules. */
export function scoreRun(run: ModelRun, settings: Pick<EngineSettings, 'confThreshold' | 'iouThreshold' | 'maxDetections' | 'acceptance'>): ScoredRun {
  const t0 = performance.now();
  let detections: Detection[] = [];
  let error = run.error;
  if (run.output) {
    try {
      detections = outputToDetections(run.output.data, run.output.dims, run.geometry, settings);
    } catch (e) {
      // The worker counts an undecodable output as no detection; so does the benchmark.
      error = e instanceof Error ? e.message : String(e);
    }
  }
  const t1 = performance.now();
  const gate = acceptBest(detections, { width: run.geometry.sourceWidth, height: run.geometry.sourceHeight }, settings.acceptance);
  const t2 = performance.now();
  return { detections, gate, postprocessMs: t1 - t0, gatingMs: t2 - t1, error };
}
