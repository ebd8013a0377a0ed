import { useCallback, type Dispatch, type RefObject } from 'react';
import type { EngineClient } from '../../lib/engine-client.ts';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';
import type { IdentifyOutcome } from './offline/use-offline-queue.ts';
import type { CameraFeed } from './use-camera-feed.ts';
import type { ScannerMessages } from './use-scanner-messages.ts';
import { canCapture, type ScannerEvent, type ScannerState } from './scanner-state.ts';

export interface CaptureOptions {
  engineRef: RefObject<EngineClient | null>;
  feed: Pick<CameraFeed, 'videoRef' | 'region' | 'freeze' | 'resume'>;
  /** The scanner's state as of now, not as of the last render: frames arrive between renders. */
  stateRef: RefObject<ScannerState>;
  dispatch: Dispatch<ScannerEvent>;
  messages: ScannerMessages;
  /** The message of the 'Scan failed' toast for what went wrong. */
  failureText: (error: unknown) => Promise<string>;
  /** Identifies the photo, or queues it for when the network is back. */
  identifyOrQueue: (photo: Blob) => Promise<IdentifyOutcome>;
}

/** Taking the photo and identifying it, and clearing the result to scan again. */
export function useCapture({ engineRef, feed, stateRef, dispatch, messages, failureText, identifyOrQueue }: CaptureOptions) {
  const { videoRef, region: regionOf, freeze, resume } = feed;

  const capture = useCallback(async () => {
    const engine = engineRef.current;
    const video = videoRef.current;
    const region = regionOf();
    if (!canCapture(stateRef.current) || !engine || !video || !region) return;
    dispatch({ type: 'capture-started' });
    stateRef.current = { ...stateRef.current, processing: true };
    messages.capturing();
    try {
      const frame = await createImageBitmap(video, region.x, region.y, region.width, region.height);
      freeze();
      const photo = await engine.capture(frame);
      messages.identifying();
      const outcome = await identifyOrQueue(photo);
      if (outcome.queued) {
        // No network: the photo waits in the queue, and the camera is ready for the next card.
        await engine.reset().catch(() => undefined);
        dispatch({ type: 'reset' });
        resume();
        messages.queued();
        return;
      }
      dispatch({ type: 'capture-succeeded', candidates: outcome.candidates });
      messages.identified(outcome.candidates);
    } catch (error) {
      console.warn('Scan failed:', error);
      messages.failed(await failureText(error));
      await engine.reset().catch(() => undefined);
      dispatch({ type: 'capture-failed' });
      resume();
    }
  }, [engineRef, videoRef, regionOf, stateRef, dispatch, freeze, resume, messages, failureText, identifyOrQueue]);

  /**
   * Continuous scanning's capture: the same photo of the card frame, identified (or queued) the same
   * way, while the camera stays live and the scanner keeps looking. Answers the candidates, or null
   * when the photo was queued or the scan failed (said as for Take Photo).
   */
  const captureLive = useCallback(async (): Promise<ScanCandidate[] | null> => {
    const engine = engineRef.current;
    const video = videoRef.current;
    const region = regionOf();
    if (!stateRef.current.cameraOn || !engine || !video || !region) return null;
    try {
      const frame = await createImageBitmap(video, region.x, region.y, region.width, region.height);
      const outcome = await identifyOrQueue(await engine.capture(frame));
      if (outcome.queued) {
        messages.queued();
        return null;
      }
      return outcome.candidates;
    } catch (error) {
      console.warn('Scan failed:', error);
      messages.failed(await failureText(error));
      return null;
    }
  }, [engineRef, videoRef, regionOf, stateRef, messages, failureText, identifyOrQueue]);

  /** 'Take Another' and 'Try Again': clear the result and the counters, and scan again. */
  const scanAgain = useCallback(async () => {
    await engineRef.current?.reset().catch(() => undefined);
    dispatch({ type: 'reset' });
    resume();
    messages.ready();
  }, [engineRef, dispatch, resume, messages]);

  return { capture, captureLive, scanAgain };
}
