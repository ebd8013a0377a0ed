import { proxy, releaseProxy, transfer, wrap } from 'comlink';
import { frameTransferable } from '../../engine/api.ts';
import type {
  CaptureRegion,
  DetectOptions,
  EngineApi,
  EngineFrame,
  EngineInit,
  EngineSettingsPatch,
  EngineStatus,
  FrameResult,
  LoadProgress,
} from '../../engine/api.ts';

/**
 * The UI's handle on the scanner engine worker. Frames and captures hand their bitmap or video frame
 * over to the worker (the caller's is detached afterwards); the worker closes it.
 */
export interface EngineClient {
  init(options?: EngineInit, onProgress?: (progress: LoadProgress) => void): Promise<EngineStatus>;
  updateSettings(patch: EngineSettingsPatch, onProgress?: (progress: LoadProgress) => void): Promise<EngineStatus>;
  status(): Promise<EngineStatus>;
  detect(frame: EngineFrame, options?: DetectOptions): Promise<FrameResult>;
  capture(frame: ImageBitmap, region?: CaptureRegion): Promise<Blob>;
  reset(): Promise<void>;
  /** Releases the model and terminates the worker; the client is unusable afterwards. */
  dispose(): Promise<void>;
}

export function createEngineClient(): EngineClient {
  const worker = new Worker(new URL('../../engine/worker.ts', import.meta.url), { type: 'module', name: 'card-lens-engine' });
  const remote = wrap<EngineApi>(worker);
  let disposed = false;

  const progressProxy = (onProgress?: (progress: LoadProgress) => void) => (onProgress ? proxy(onProgress) : undefined);

  return {
    init: (options, onProgress) => remote.init(options, progressProxy(onProgress)),
    updateSettings: (patch, onProgress) => remote.updateSettings(patch, progressProxy(onProgress)),
    status: () => remote.status(),
    detect: (frame, options) => remote.detect(transfer(frame, [frameTransferable(frame) as Transferable]), options),
    capture: (frame, region) => remote.capture(transfer(frame, [frame]), region),
    reset: () => remote.reset(),
    async dispose() {
      if (disposed) return;
      disposed = true;
      try {
        await remote.dispose();
      } finally {
        remote[releaseProxy]();
        worker.terminate();
      }
    },
  };
}
