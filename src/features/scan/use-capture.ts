import { useCallback, type Dispatch, type RefObject } from 'react';
import type { Region } from '../../lib/camera/frame-region.ts';
import type { EngineClient } from '../../lib/engine-client.ts';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';
import type { IdentifyOutcome } from './offline/use-offline-queue.ts';
import type { CameraFeed } from './use-camera-feed.ts';
import type { ScannerMessages } from './use-scanner-messages.ts';
import { canCapture, canCapturePage, type ScannerEvent, type ScannerState } from './scanner-state.ts';
import { identifyPage as identifyPageOnServer } from './page/identify-page.ts';
import type { PageCard } from './page/page-scan.ts';

export interface CaptureOptions {
  engineRef: RefObject<EngineClient | null>;
  feed: Pick<CameraFeed, 'videoRef' | 'region' | 'wholeView' | 'freeze' | 'resume'>;
  /** The scanner's state as of now, not as of the last render: frames arrive between renders. */
  stateRef: RefObject<ScannerState>;
  dispatch: Dispatch<ScannerEvent>;
  messages: ScannerMessages;
  /** The message of the 'Scan failed' toast for what went wrong. */
  failureText: (error: unknown) => Promise<string>;
  /** Identifies the photo, or queues it for when the network is back. */
  identifyOrQueue: (photo: Blob) => Promise<IdentifyOutcome>;
  /** Identifies every card on a page photo; the server's route unless given. */
  identifyPage?: (photo: Blob) => Promise<PageCard[]>;
}

/** Taking the photo and identifying it, and clearing the result to scan again. */
export function useCapture({ engineRef, feed, stateRef, dispatch, messages, failureText, identifyOrQueue, identifyPage = identifyPageOnServer }: CaptureOptions) {
  const { videoRef, region: regionOf, wholeView, freeze, resume } = feed;

  /** A photo that could not be taken or identified: say why, and give the camera back. */
  const recover = useCallback(
    async (error: unknown) => {
      console.warn('Scan failed:', error);
      messages.failed(await failureText(error));
      await engineRef.current?.reset().catch(() => undefined);
      dispatch({ type: 'capture-failed' });
      resume();
    },
    [engineRef, dispatch, resume, messages, failureText],
  );

  /** Take Photo and the page photo alike: the scanner busy, the frame frozen on screen, the photo cut from it. */
  const takePhoto = useCallback(
    async (engine: EngineClient, video: HTMLVideoElement, region: Region, page: boolean) => {
      dispatch({ type: 'capture-started', ...(page ? { page: true } : {}) });
      stateRef.current = { ...stateRef.current, processing: true };
      messages.capturing();
      const frame = await createImageBitmap(video, region.x, region.y, region.width, region.height);
      freeze();
      const photo = await engine.capture(frame);
      messages.identifying();
      return photo;
    },
    [dispatch, stateRef, messages, freeze],
  );

  const capture = useCallback(async () => {
    const engine = engineRef.current;
    const video = videoRef.current;
    const region = regionOf();
    if (!canCapture(stateRef.current) || !engine || !video || !region) return;
    try {
      const photo = await takePhoto(engine, video, region, false);
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
      await recover(error);
    }
  }, [engineRef, videoRef, regionOf, stateRef, dispatch, resume, messages, recover, takePhoto, identifyOrQueue]);

  /**
   * Page mode's capture: all the view shows, at the camera's full resolution, sent whole; the server
   * finds the cards. The photo stays on screen with the cards outlined until Take Another.
   */
  const capturePage = useCallback(async () => {
    const engine = engineRef.current;
    const video = videoRef.current;
    const region = wholeView();
    if (!canCapturePage(stateRef.current) || !engine || !video || !region) return;
    try {
      const photo = await takePhoto(engine, video, region, true);
      const cards = await identifyPage(photo);
      dispatch({ type: 'page-succeeded', page: { photoUrl: URL.createObjectURL(photo), width: region.width, height: region.height, cards } });
      messages.pageIdentified(cards.length);
    } catch (error) {
      await recover(error);
    }
  }, [engineRef, videoRef, wholeView, stateRef, dispatch, messages, recover, takePhoto, identifyPage]);

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

  return { capture, capturePage, captureLive, scanAgain };
}
