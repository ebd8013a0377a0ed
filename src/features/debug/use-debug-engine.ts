import { useCallback, useEffect, useRef, useState } from 'react';
import type { DetectOptions, EngineSettingsPatch, EngineStatus, FrameResult, LoadProgress } from '../../../engine/api.ts';
import { createEngineClient, type EngineClient } from '../../lib/engine-client.ts';

/** The settings the debug page edits; the rest keep the engine's 'debug' preset values. */
export interface DebugSettings {
  inputSize: number;
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
  detect(frame: ImageBitmap, options?: DetectOptions): Promise<FrameResult>;
}

/** One engine worker for the whole debug page, started with the 'debug' preset and released on leaving. */
export function useDebugEngine(): DebugEngine {
  const engineRef = useRef<EngineClient | null>(null);
  const [status, setStatus] = useState<EngineStatus | null>(null);
  const [loading, setLoading] = useState(true);
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const [settingsError, setSettingsError] = useState<string | null>(null);
  const active = useRef(true);
  // A load started later wins: an earlier load finishing afterwards must not overwrite its status.
  const loadGeneration = useRef(0);

  const runLoad = useCallback((start: (engine: EngineClient, onProgress: (p: LoadProgress) => void) => Promise<EngineStatus>) => {
    const engine = engineRef.current;
    if (!engine) return;
    const mine = ++loadGeneration.current;
    setLoading(true);
    setProgress(null);
    start(engine, (p) => active.current && mine === loadGeneration.current && setProgress(p))
      .then((next) => {
        if (!active.current || mine !== loadGeneration.current) return;
        setStatus(next);
        setSettingsError(null);
      })
      .catch((error: unknown) => {
        if (active.current) setSettingsError(error instanceof Error ? error.message : String(error));
      })
      .finally(() => {
        if (!active.current || mine !== loadGeneration.current) return;
        setLoading(false);
        setProgress(null);
      });
  }, []);

  useEffect(() => {
    active.current = true;
    const engine = createEngineClient();
    engineRef.current = engine;
    runLoad((client, onProgress) => client.init({ preset: 'debug' }, onProgress));
    return () => {
      active.current = false;
      engineRef.current = null;
      void engine.dispose();
    };
  }, [runLoad]);

  const applySettings = useCallback((patch: EngineSettingsPatch) => {
    const engine = engineRef.current;
    if (!engine) return;
    engine
      .updateSettings(patch)
      .then((next) => {
        if (!active.current) return;
        setStatus(next);
        setSettingsError(null);
      })
      .catch((error: unknown) => {
        if (active.current) setSettingsError(error instanceof Error ? error.message : String(error));
      });
  }, []);

  const loadModel = useCallback(
    (url: string) => {
      const modelUrl = url.trim();
      // init reloads even when the address is unchanged, so "Load model" also retries a failed download.
      runLoad((engine, onProgress) => {
        const current = status?.settings;
        const keep = current ? { inputSize: current.inputSize, confThreshold: current.confThreshold, iouThreshold: current.iouThreshold } : {};
        return engine.init({ preset: 'debug', ...keep, modelUrl }, onProgress);
      });
    },
    [runLoad, status],
  );

  const detect = useCallback((frame: ImageBitmap, options?: DetectOptions) => {
    const engine = engineRef.current;
    if (!engine) {
      frame.close();
      return Promise.reject(new Error('The engine is not running'));
    }
    return engine.detect(frame, options);
  }, []);

  return { status, loading, progress, settingsError, applySettings, loadModel, detect };
}
