import * as ort from 'onnxruntime-web/wasm';
import { wrapSession, type ModelSession } from './model-session.ts';

export type { ModelOutput, ModelSession, RunOutcome } from './model-session.ts';

export interface RuntimeOptions {
  /** Where ort-wasm-simd-threaded.mjs/.wasm are served: '/ort/' in the app, a file URL to node_modules/onnxruntime-web/dist/ in Node. */
  wasmPaths: string;
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

/** A model on onnxruntime-web's WebAssembly build, as the scanner's worker runs it. */
export async function createModelSession(model: Uint8Array, options: RuntimeOptions): Promise<ModelSession> {
  configureRuntime(options);
  const session = await ort.InferenceSession.create(model, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  return wrapSession(session, (data, dims) => new ort.Tensor('float32', data, [...dims]));
}
