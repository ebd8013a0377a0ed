import { expose, releaseProxy } from 'comlink';
import type { EngineApi, LoadProgress } from './api.ts';
import { createScannerEngine } from './scanner-engine.ts';

const engine = createScannerEngine();

type ProgressCallback = ((progress: LoadProgress) => void) | undefined;

// Progress callbacks arrive as Comlink proxies; releasing them once loading ends frees their message port.
async function withProgress<T>(onProgress: ProgressCallback, task: (onProgress: ProgressCallback) => Promise<T>): Promise<T> {
  const report = onProgress && ((progress: LoadProgress) => void onProgress(progress));
  try {
    return await task(report);
  } finally {
    const release = (onProgress as { [releaseProxy]?: () => void } | undefined)?.[releaseProxy];
    if (typeof release === 'function') release();
  }
}

const api = {
  init: (options, onProgress) => withProgress(onProgress, (report) => engine.init(options, report)),
  updateSettings: (patch, onProgress) => withProgress(onProgress, (report) => engine.updateSettings(patch, report)),
  status: () => engine.status(),
  detect: (frame, options) => engine.detect(frame, options),
  capture: (frame, region) => engine.capture(frame, region),
  reset: () => engine.reset(),
  dispose: () => engine.dispose(),
} satisfies EngineApi;

expose(api);
