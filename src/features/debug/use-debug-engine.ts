import { useCallback } from 'react';
import { closeFrame, type DetectOptions, type EngineFrame, type EngineInit, type EngineSettingsPatch, type EngineStatus, type FrameResult, type LoadProgress } from '../../../engine/api.ts';
import { useEngineWorker } from '../../lib/use-engine-worker.ts';

const debugInit: EngineInit = { preset: 'debug' };

/** The settings the debug page edits; the rest keep the engine's 'debug' preset values. */
export interface DebugSettings {
  inputSize: number;
  /** The engine picks the size from its frame times; choosing a size turns this off. */
  adaptiveSize: boolean;
  confThreshold: number;
  iouThreshold: number;
}

export interface DebugEngine {
  status: EngineStatus | null;
  /** Set while a model downloads and its session is created. */
  loading: boolean;
  progress: LoadProgress | null;
  /** The engine refused the last settings patch (its message names the field). */
  settingsError: string | null;
  applySettings(patch: Partial<DebugSettings>): void;
  /** Loads (or reloads) the model at url with the current settings; '' leaves the engine in basic mode. */
  loadModel(url: string): void;
  detect(frame: EngineFrame, options?: DetectOptions): Promise<FrameResult>;
}

/** One engine worker for the whole debug page, started with the 'debug' preset and released on leaving. */
export function useDebugEngine(): DebugEngine {
  const { engine, status, loading, progress, error, load, settle } = useEngineWorker(debugInit);

  const applySettings = useCallback(
    (patch: EngineSettingsPatch) => {
      if (engine.current) void settle(engine.current.updateSettings(patch));
    },
    [engine, settle],
  );

  const loadModel = useCallback(
    (url: string) => {
      const modelUrl = url.trim();
      // init reloads even when the address is unchanged, so "Load model" also retries a failed download.
      load((client, onProgress) => {
        const current = status?.settings;
        const keep = current ? { inputSize: current.inputSize, adaptiveSize: current.adaptiveSize, confThreshold: current.confThreshold, iouThreshold: current.iouThreshold } : {};
        return client.init({ ...debugInit, ...keep, modelUrl }, onProgress);
      });
    },
    [load, status],
  );

  const detect = useCallback(
    (frame: EngineFrame, options?: DetectOptions) => {
      if (!engine.current) {
        closeFrame(frame);
        return Promise.reject(new Error('The engine is not running'));
      }
      return engine.current.detect(frame, options);
    },
    [engine],
  );

  return { status, loading, progress, settingsError: error, applySettings, loadModel, detect };
}
