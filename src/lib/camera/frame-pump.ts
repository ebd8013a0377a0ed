import type { FrameResult } from '../../../engine/api.ts';
import type { Region } from './frame-region.ts';

export interface FramePumpOptions {
  video: HTMLVideoElement;
  /** The card-frame region of the current video frame, or null when there is nothing to send. */
  region: () => Region | null;
  /** Longest side of the bitmap sent to the worker: larger regions are scaled down on the way. */
  maxSide: number;
  detect: (frame: ImageBitmap, timestampMs: number) => Promise<FrameResult>;
  onResult: (result: FrameResult) => void;
  /** Checked on every frame: while true no frame is sent. */
  paused: () => boolean;
}

type VideoWithFrameCallback = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

/**
 * Sends the card-frame region of each new video frame to the engine, one frame in flight at most:
 * frames that arrive while the worker is busy are dropped, never queued. The UI thread only cuts a
 * bitmap (a GPU copy) and hands it over; it never reads pixels or waits on inference.
 */
export function startFramePump({ video, region, maxSide, detect, onResult, paused }: FramePumpOptions): () => void {
  const source = video as VideoWithFrameCallback;
  const perVideoFrame = typeof source.requestVideoFrameCallback === 'function';
  let stopped = false;
  let inFlight = false;
  // A video frame arrived while the worker was busy: the newest one goes out as soon as it is free.
  let frameWaiting = false;
  let handle = 0;

  const schedule = () => {
    handle = perVideoFrame ? source.requestVideoFrameCallback!(tick) : requestAnimationFrame(tick);
  };

  const send = async (area: Region) => {
    inFlight = true;
    try {
      const scale = Math.min(1, maxSide / Math.max(area.width, area.height));
      const bitmap = await createImageBitmap(video, area.x, area.y, area.width, area.height, {
        resizeWidth: Math.max(1, Math.round(area.width * scale)),
        resizeHeight: Math.max(1, Math.round(area.height * scale)),
        resizeQuality: 'medium',
      });
      if (stopped) {
        bitmap.close();
        return;
      }
      const result = await detect(bitmap, performance.now());
      if (!stopped) onResult(result);
    } catch (error) {
      // A lost frame is not worth bothering the user about: the next one comes within milliseconds.
      if (!stopped) console.warn('Frame skipped:', error);
    } finally {
      inFlight = false;
    }
    if (frameWaiting) sendCurrentFrame();
  };

  const sendCurrentFrame = () => {
    frameWaiting = false;
    if (stopped || paused() || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
    const area = region();
    if (area && area.width > 0 && area.height > 0) void send(area);
  };

  const tick = () => {
    if (stopped) return;
    schedule();
    if (inFlight) frameWaiting = true;
    else sendCurrentFrame();
  };

  schedule();
  return () => {
    stopped = true;
    if (perVideoFrame) source.cancelVideoFrameCallback?.(handle);
    else cancelAnimationFrame(handle);
  };
}
