import * as ort from 'onnxruntime-node';
import { wrapSession, type ModelSession } from '../../../engine/runtime/model-session.ts';
import { serverSettings } from '../../server-settings.ts';

/**
 * A model file on onnxruntime-node's native CPU runtime: the same graph and the same session as the
 * scanner's WebAssembly build gives the browser, run several times faster, as a server can.
 */
export async function loadModelSession(modelFile: string): Promise<ModelSession> {
  const session = await ort.InferenceSession.create(modelFile, {
    executionProviders: ['cpu'],
    intraOpNumThreads: serverSettings.identifyPool.modelThreads.value,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
  });
  return wrapSession(session, (data, dims) => new ort.Tensor('float32', data, [...dims]));
}
