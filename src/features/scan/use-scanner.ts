import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import type { EngineInit, EngineStatus, LoadProgress } from '../../../engine/api.ts';
import { useEngineWorker } from '../../lib/use-engine-worker.ts';
import { addToastAtom, type NewToast } from '../../state/toasts.ts';
import { frameInVideo } from '../../lib/camera/frame-region.ts';
import { startFramePump } from '../../lib/camera/frame-pump.ts';
import { identifyCard } from './identify-card.ts';
import { scanMessages as m } from './scan-messages.ts';
import { canCapture, initialScannerState, phaseOf, scannerReducer } from './scanner-state.ts';
import { useCamera } from '../../lib/camera/use-camera.ts';

/** Dispatched on window for every analysed frame, so tools such as bench:scan can follow the engine without touching it. */
export const frameEventName = 'card-lens:frame';

const scannerInit: EngineInit = { preset: 'scanner' };

/** The scan toast that walks through capturing, identifying and the outcome keeps one id, so each replaces the last. */
const scanToastId = 'scan-progress';

export interface ModelState {
  status: EngineStatus | null;
  progress: LoadProgress | null;
}

export interface ScannerOptions {
  /** The message of the 'Scan failed' toast for what went wrong. */
  failureText: (error: unknown) => Promise<string>;
}

export function useScanner({ failureText }: ScannerOptions) {
  const intl = useIntl();
  const addToast = useSetAtom(addToastAtom);
  const videoRef = useRef<HTMLVideoElement>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  const freezeRef = useRef<HTMLCanvasElement>(null);
  const worker = useEngineWorker(scannerInit);
  const engineRef = worker.engine;
  const [state, dispatch] = useReducer(scannerReducer, initialScannerState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const model: ModelState = { status: worker.status, progress: worker.progress };
  const camera = useCamera(videoRef);

  const toast = useCallback((input: NewToast) => addToast(input), [addToast]);
  const text = intl.formatMessage;

  // Once the model has loaded, or the engine fell back to edge detection, say which.
  const mode = worker.status?.mode;
  useEffect(() => {
    if (mode === 'model') toast({ type: 'success', title: text(m.toastModelLoaded), message: text(m.toastModelLoadedText), duration: 3000 });
    else if (mode !== undefined) toast({ type: 'warning', title: text(m.toastBasicMode), message: text(m.toastBasicModeText), duration: 3000 });
    // Said once per load; texts are read at the time of the toast.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode]);
  useEffect(() => {
    if (worker.error) console.error('Scanner engine failed to start:', worker.error);
  }, [worker.error]);

  const startCamera = useCallback(
    async (restarted: boolean) => {
      dispatch({ type: 'camera-stopped' });
      const outcome = await camera.start();
      if (outcome === 'live') {
        dispatch({ type: 'camera-started' });
        if (restarted) toast({ type: 'info', title: text(m.toastRestarted), duration: 2000 });
        else toast({ type: 'success', title: text(m.toastCameraReady), message: text(m.toastCameraReadyText), duration: 3000 });
      } else if (outcome === 'error') {
        toast({ id: 'camera-error', type: 'error', title: text(m.toastCameraError), message: text(m.toastCameraErrorText), duration: 0 });
      }
    },
    [camera, toast, text],
  );

  useEffect(() => {
    void startCamera(false);
    // Starts once per visit; useCamera stops the tracks when the screen goes away.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const regionOfVideo = useCallback(() => {
    const video = videoRef.current;
    const view = viewRef.current;
    if (!video || !view) return null;
    return frameInVideo({ width: video.videoWidth, height: video.videoHeight }, { width: view.clientWidth, height: view.clientHeight });
  }, []);

  const engineReady = model.status !== null;
  useEffect(() => {
    const video = videoRef.current;
    const engine = engineRef.current;
    if (camera.status !== 'live' || !engineReady || !video || !engine) return;
    let wasDetected = false;
    return startFramePump({
      video,
      region: regionOfVideo,
      maxSide: model.status?.settings.inputSize ?? 640,
      detect: (frame, timestampMs) => engine.detect(frame, { timestampMs }),
      paused: () => stateRef.current.processing || stateRef.current.result !== null,
      onResult: (result) => {
        if (result.detected && !wasDetected) toast({ id: 'card-detected', type: 'success', title: text(m.toastDetected), duration: 1500 });
        wasDetected = result.detected;
        window.dispatchEvent(new CustomEvent(frameEventName, { detail: { timings: result.timings, accepted: result.accepted, detected: result.detected } }));
        dispatch({ type: 'frame', detected: result.detected, hits: result.hysteresis.hits });
      },
    });
  }, [camera.status, engineReady, engineRef, model.status, regionOfVideo, toast, text]);

  const freezeFrame = () => {
    const video = videoRef.current;
    const canvas = freezeRef.current;
    if (!video || !canvas) return;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    video.pause();
  };

  const resume = () => {
    void videoRef.current?.play().catch(() => undefined);
  };

  const capture = useCallback(async () => {
    const engine = engineRef.current;
    const video = videoRef.current;
    const region = regionOfVideo();
    if (!canCapture(stateRef.current) || !engine || !video || !region) return;
    dispatch({ type: 'capture-started' });
    stateRef.current = { ...stateRef.current, processing: true };
    toast({ id: scanToastId, type: 'info', title: text(m.toastCapturing), duration: 0 });
    try {
      const frame = await createImageBitmap(video, region.x, region.y, region.width, region.height);
      freezeFrame();
      const photo = await engine.capture(frame);
      toast({ id: scanToastId, type: 'info', title: text(m.toastIdentifying), duration: 0 });
      const candidates = await identifyCard(photo);
      dispatch({ type: 'capture-succeeded', candidates });
      const best = candidates[0];
      if (best) toast({ id: scanToastId, type: 'success', title: text(m.toastFound, { name: best.cardName }), duration: 5000 });
      else toast({ id: scanToastId, type: 'warning', title: text(m.toastNoMatch), message: text(m.toastNoMatchText), duration: 5000 });
    } catch (error) {
      console.warn('Scan failed:', error);
      toast({ id: scanToastId, type: 'error', title: text(m.toastFailed), message: await failureText(error), duration: 0 });
      await engine.reset().catch(() => undefined);
      dispatch({ type: 'capture-failed' });
      resume();
    }
  }, [engineRef, regionOfVideo, toast, text, failureText]);

  /** 'Take Another' and 'Try Again': clear the result and the counters, and scan again. */
  const scanAgain = useCallback(async () => {
    await engineRef.current?.reset().catch(() => undefined);
    dispatch({ type: 'reset' });
    resume();
    toast({ id: scanToastId, type: 'info', title: text(m.toastReady), message: text(m.toastReadyText), duration: 3000 });
  }, [engineRef, toast, text]);

  const restartCamera = useCallback(async () => {
    await engineRef.current?.reset().catch(() => undefined);
    await startCamera(true);
  }, [engineRef, startCamera]);

  return {
    videoRef,
    viewRef,
    freezeRef,
    state,
    phase: phaseOf(state),
    captureEnabled: canCapture(state),
    cameraStatus: camera.status,
    model,
    capture,
    scanAgain,
    restartCamera,
  };
}
