import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { EngineInit, EngineStatus, LoadProgress } from '../../engine/api.ts';
import { createEngineClient, type EngineClient } from './engine-client.ts';
import { storedEngineSettings } from './stored-engine-settings.ts';

export type EngineLoad = (engine: EngineClient, onProgress: (progress: LoadProgress) => void) => Promise<EngineStatus>;

export interface EngineWorker {
  /** The worker of this screen visit; null before it starts and after the screen is left. */
  engine: RefObject<EngineClient | null>;
  status: EngineStatus | null;
  /** Set while a model downloads and its session is created. */
  loading: boolean;
  progress: LoadProgress | null;
  /** Why the last load or settings change was refused. */
  error: string | null;
  /** Runs a load (a reload, another model); one started later wins over one still running. */
  load(start: EngineLoad): void;
  /** Takes a status the engine answered outside a load (after a settings change), or the reason it refused. */
  settle(outcome: Promise<EngineStatus>): Promise<void>;
}

/**
 * One scanner engine worker per screen visit: started with `init` when the screen opens, its model
 * loaded with progress, and disposed when the screen is left.
 */
export function useEngineWorker(init: EngineInit): EngineWorker {
  const engine = useRef<EngineClient | null>(null);
  const [status, setStatus] = useState<EngineStatus | null>(null);
  const [loading, setLoading] = useState(true);
  const [progress, setProgress] = useState<LoadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const active = useRef(true);
  const generation = useRef(0);
  // Read once: the screen renders again on every change the scanner shows.
  const [initial] = useState<EngineInit>(() => ({ ...init, ...storedEngineSettings() }));

  const settle = useCallback((outcome: Promise<EngineStatus>, isCurrent: () => boolean = () => active.current) => {
    return outcome.then(
      (next) => {
        if (!isCurrent()) return;
        setStatus(next);
        setError(null);
      },
      (reason: unknown) => {
        if (isCurrent()) setError(reason instanceof Error ? reason.message : String(reason));
      },
    );
  }, []);

  const load = useCallback(
    (start: EngineLoad) => {
      const client = engine.current;
      if (!client) return;
      const mine = ++generation.current;
      const isCurrent = () => active.current && mine === generation.current;
      setLoading(true);
      setProgress(null);
      void settle(
        start(client, (next) => isCurrent() && setProgress(next)),
        isCurrent,
      ).finally(() => {
        if (!isCurrent()) return;
        setLoading(false);
        setProgress(null);
      });
    },
    [settle],
  );

  useEffect(() => {
    active.current = true;
    const client = createEngineClient();
    engine.current = client;
    load((worker, onProgress) => worker.init(initial, onProgress));
    return () => {
      active.current = false;
      engine.current = null;
      void client.dispose();
    };
  }, [load, initial]);

  return { engine, status, loading, progress, error, load, settle };
}
