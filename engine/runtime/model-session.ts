import type { InferenceSession, Tensor } from 'onnxruntime-web/wasm';
import type { TensorInfo } from '../api.ts';

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

/** How a runtime (onnxruntime-web in the browser, onnxruntime-node on the server) makes an input tensor. */
export type MakeTensor = (data: Float32Array, dims: readonly number[]) => Tensor;

function describe(metadata: readonly InferenceSession.ValueMetadata[]): TensorInfo[] {
  return metadata.map((m) => (m.isTensor ? { name: m.name, shape: [...m.shape], type: m.type } : { name: m.name, shape: [], type: 'non-tensor' }));
}

/** A loaded model behind one queued `run`: whichever ONNX Runtime loaded it, the callers see the same session. */
export async function wrapSession(session: InferenceSession, makeTensor: MakeTensor): Promise<ModelSession> {
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
      const results = await session.run({ [inputName]: makeTensor(input, dims) });
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
