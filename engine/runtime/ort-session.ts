import * as ort from 'onnxruntime-web/wasm';
import type { TensorInfo } from '../api.ts';

export interface RuntimeOptions {
  /** Where ort-wasm-simd-threaded.mjs/.wasm are served: '/ort/' in the app, a file URL to node_modules/onnxruntime-web/dist/ in Node. */
  wasmPaths: string;
}

export interface ModelOutput {
  data: Float32Array;
  dims: readonly number[];
}

export type RunOutcome = { ok: true; output: ModelOutput } | { ok: false; error: string };

export interface ModelSession {
  readonly inputs: TensorInfo[];
  readonly outputs: TensorInfo[];
  /** Runs the first input and returns the first output. Runs are queued; a failure is logged and returned, never thrown. */
  run(input: Float32Array, dims: readonly number[]): Promise<RunOutcome>;
  /** Waits for queued runs, then frees the session. */
  release(): Promise<void>;
}

let configuredPaths: string | null = null;

/** The wasm module is initialised once per process, so only the first call's paths take effect. */
function configureRuntime(options: RuntimeOptions): void {
  if (configuredPaths !== null) return;
  ort.env.wasm.wasmPaths = absolutePaths(options.wasmPaths);
  // One thread: no SharedArrayBuffer (no cross-origin isolation needed) and the phone's other core stays with the UI.
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.proxy = false;
  configuredPaths = options.wasmPaths;
}

/**
 * ORT imports its .mjs with a dynamic import. The Vite dev server rewrites root-relative dynamic
 * imports (adding ?import) and then refuses public files; an absolute URL is left alone everywhere.
 */
function absolutePaths(paths: string): string {
  const base = (globalThis as { location?: { href: string } }).location?.href;
  return base && paths.startsWith('/') ? new URL(paths, base).href : paths;
}

function describe(metadata: readonly ort.InferenceSession.ValueMetadata[]): TensorInfo[] {
  return metadata.map((m) => (m.isTensor ? { name: m.name, shape: [...m.shape], type: m.type } : { name: m.name, shape: [], type: 'non-tensor' }));
}

export async function createModelSession(model: Uint8Array, options: RuntimeOptions): Promise<ModelSession> {
  configureRuntime(options);
  const session = await ort.InferenceSession.create(model, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  const inputName = session.inputNames[0];
  const outputName = session.outputNames[0];
  if (inputName === undefined || outputName === undefined) {
    await session.release();
    throw new Error('model has no input or no output');
  }
  // Chaining every run (and the release) on one promise keeps ORT from ever seeing two runs at once.
  let queue: Promise<unknown> = Promise.resolve();
  let released = false;

  const execute = async (input: Float32Array, dims: readonly number[]): Promise<RunOutcome> => {
    if (released) return { ok: false, error: 'session released' };
    try {
      const results = await session.run({ [inputName]: new ort.Tensor('float32', input, [...dims]) });
      const tensor = results[outputName];
      if (!tensor || tensor.type !== 'float32') throw new Error(`output ${outputName} is not a float32 tensor`);
      const output = { data: tensor.data as Float32Array, dims: [...tensor.dims] };
      for (const value of Object.values(results)) value.dispose();
      return { ok: true, output };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`[engine] model run failed: ${message}`);
      return { ok: false, error: message };
    }
  };

  return {
    inputs: describe(session.inputMetadata),
    outputs: describe(session.outputMetadata),
    run(input, dims) {
      const outcome = queue.then(() => execute(input, dims));
      queue = outcome;
      return outcome;
    },
    release() {
      const done = queue.then(async () => {
        if (released) return;
        released = true;
        await session.release();
      });
      queue = done.catch(() => undefined);
      return done;
    },
  };
}
