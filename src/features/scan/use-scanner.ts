import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { EngineInit, EngineStatus, FrameResult, LoadProgress } from '../../../engine/api.ts';
import { frameEventName } from '../../lib/frame-event.ts';
import { useEngineWorker } from '../../lib/use-engine-worker.ts';
import { canCapture, canCapturePage, frameChangesState, initialScannerState, phaseOf, scannerReducer, showsResult } from './scanner-state.ts';
import { useCameraFeed } from './use-camera-feed.ts';
import { useCapture } from './use-capture.ts';
import { useScannerMessages } from './use-scanner-messages.ts';
import type { IdentifyOutcome } from './offline/use-offline-queue.ts';


const scannerInit: EngineInit = { preset: 'scanner' };

export interface ModelState {
  status: EngineStatus | null;
  progress: LoadProgress | null;
}

export interface ScannerOptions {
  /** The message of the 'Scan failed' toast for what went wrong. */
  failureText: (error: unknown) => Promise<string>;
  /** Identifies a photo, or queues it for when the network is back (offline/use-offline-queue.ts). */
  identifyOrQueue: (photo: Blob) => Promise<IdentifyOutcome>;
  /** Page mode: the engine looks at the whole view, and one photo of it is identified card by card. */
  pageMode?: boolean;
}

/**
 * The Scan screen's scanner: the engine worker, the camera feeding it (use-camera-feed.ts), the
 * capture and identification (use-capture.ts) and what is said of each (use-scanner-messages.ts),
 * around one state machine (scanner-state.ts).
 */
export function useScanner({ failureText, identifyOrQueue, pageMode = false }: ScannerOptions) {
  const worker = useEngineWorker(scannerInit);
  const engineRef = worker.engine;
  const [state, dispatch] = useReducer(scannerReducer, initialScannerState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const model: ModelState = { status: worker.status, progress: worker.progress };
  const messages = useScannerMessages(worker.status?.mode);

  useEffect(() => {
    if (worker.error) console.error('Scanner engine failed to start:', worker.error);
  }, [worker.error]);

  const pageModeRef = useRef(pageMode);
  pageModeRef.current = pageMode;
  const wasDetected = useRef(false);
  const onFrame = useCallback(
    (result: FrameResult) => {
      // A page holds many cards: its overlay outlines them, and "Card detected" would speak of one.
      if (result.detected && !wasDetected.current && !pageModeRef.current) messages.cardDetected();
      wasDetected.current = result.detected;
      window.dispatchEvent(
        new CustomEvent(frameEventName, {
          detail: { timings: result.timings, inputSize: result.inputSize, accepted: result.accepted, detected: result.detected, hits: result.hysteresis.hits, frame: result.frame, detections: result.detections },
        }),
      );
      const frame = { detected: result.detected, hits: result.hysteresis.hits };
      if (frameChangesState(stateRef.current, frame)) dispatch({ type: 'frame', ...frame });
    },
    [messages],
  );
  const paused = useCallback(() => stateRef.current.processing || showsResult(stateRef.current), []);
  const isPageMode = useCallback(() => pageModeRef.current, []);
  const feed = useCameraFeed({ engineRef, inputSize: worker.status?.settings.inputSize, paused, pageMode: isPageMode, onFrame });
  const { capture, capturePage, captureLive, scanAgain } = useCapture({ engineRef, feed, stateRef, dispatch, messages, failureText, identifyOrQueue });

  const startCamera = useCallback(
    async (restarted: boolean) => {
      dispatch({ type: 'camera-stopped' });
      const outcome = await feed.start();
      if (outcome === 'live') {
        dispatch({ type: 'camera-started' });
        messages.cameraReady(restarted);
      } else if (outcome === 'error') {
        messages.cameraFailed();
      }
    },
    [feed, messages],
  );

  useEffect(() => {
    void startCamera(false);
    // Starts once per visit; useCamera stops the tracks when the screen goes away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const restartCamera = useCallback(async () => {
    await engineRef.current?.reset().catch(() => undefined);
    await startCamera(true);
  }, [engineRef, startCamera]);

  return {
    videoRef: feed.videoRef,
    viewRef: feed.viewRef,
    freezeRef: feed.freezeRef,
    state,
    phase: phaseOf(state),
    captureEnabled: pageMode ? canCapturePage(state) : canCapture(state),
    cameraStatus: feed.status,
    model,
    capture: pageMode ? capturePage : capture,
    captureLive,
    scanAgain,
    restartCamera,
  };
}
