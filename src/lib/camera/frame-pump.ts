import { closeFrame, type EngineFrame, type FrameResult } from '../../../engine/api.ts';
import { clientSettings } from '../client-settings.ts';
import type { Region } from './frame-region.ts';
import { trackFrames, type TrackFrames } from './track-frames.ts';

export interface FramePumpOptions {
  video: HTMLVideoElement;
  /** The card-frame region of the current video frame, or null when there is nothing to send. */
  region: () => Region | null;
  /** Longest side of a bitmap cut here, until the engine says which input size it runs at. */
  maxSide: number;
  detect: (frame: EngineFrame, timestampMs: number) => Promise<FrameResult>;
  onResult: (result: FrameResult) => void;
  /** Checked on every frame: while true no frame is sent. */
  paused: () => boolean;
}

type VideoWithFrameCallback = HTMLVideoElement & {
  requestVideoFrameCallback?: (callback: () => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

/** A video frame taken for the engine, and when. */
interface CutFrame {
  frame: Promise<EngineFrame | null>;
  at: number;
}

/**
 * Sends the card-frame region of the video to the engine, `framesInFlight` frames at most: the
 * worker starts the next frame as it ends one, without waiting for the UI thread to hear of the
 * result. One more frame is taken meanwhile (once) and sent as a place frees, so on a slow phone
 * the UI thread's share of a frame overlaps inference instead of adding to it, whatever the page's
 * own delays. Later video frames are dropped, never queued.
 * Where the browser has VideoFrame the frame goes to the worker as it is, with its region, and the
 * worker reads the region straight into the model's input: the UI thread copies no pixels. Elsewhere
 * the region is cut into a bitmap here, at the engine's current input size, and so it is from the
 * first video frame the worker could not read. The UI thread never reads pixels or waits on
 * inference.
 */
export function startFramePump({ video, region, maxSide, detect, onResult, paused }: FramePumpOptions): () => void {
  const source = video as VideoWithFrameCallback;
  const perVideoFrame = typeof source.requestVideoFrameCallback === 'function';
  let stopped = false;
  let inFlight = 0;
  let side = maxSide;
  let next: CutFrame | null = null;
  let handle = 0;
  let videoFrames = typeof VideoFrame === 'function';
  const track = trackFrames(video);
  let placeFreed: (() => void) | null = null;

  const schedule = () => {
    handle = perVideoFrame ? source.requestVideoFrameCallback!(tick) : requestAnimationFrame(tick);
  };

  const cut = (): CutFrame | null => {
    if (stopped || paused() || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return null;
    const area = region();
    if (!area || area.width <= 0 || area.height <= 0) return null;
    const at = performance.now();
    // A lost frame is not worth bothering the user about: the next one comes within milliseconds.
    const skipped = (error: unknown) => (console.warn('Frame skipped:', error), null);
    if (videoFrames) {
      try {
        return { frame: Promise.resolve({ video: new VideoFrame(video), region: area }), at };
      } catch (error) {
        return { frame: Promise.resolve(skipped(error)), at };
      }
    }
    const scale = Math.min(1, side / Math.max(area.width, area.height));
    const options: ImageBitmapOptions = { resizeWidth: Math.max(1, Math.round(area.width * scale)), resizeHeight: Math.max(1, Math.round(area.height * scale)), resizeQuality: 'medium' };
    return { frame: createImageBitmap(video, area.x, area.y, area.width, area.height, options).catch(skipped), at };
  };

  const send = async (frame: CutFrame) => {
    inFlight += 1;
    try {
      const taken = await frame.frame;
      if (!taken) return;
      if (stopped || paused()) return closeFrame(taken);
      const result = await detect(taken, frame.at).catch((error: unknown) => {
        if ('video' in taken) videoFrames = false;
        throw error;
      });
      if ('video' in taken && result.error !== null) videoFrames = false;
      if (result.inputSize > 0) side = result.inputSize;
      if (!stopped) onResult(result);
    } catch (error) {
      if (!stopped) console.warn('Frame skipped:', error);
    } finally {
      inFlight -= 1;
      placeFreed?.();
    }
    const waiting = next;
    next = null;
    if (waiting) void send(waiting);
  };

  const tick = () => {
    if (stopped) return;
    schedule();
    if (inFlight < clientSettings.framesInFlight.value) {
      const frame = cut();
      if (frame) void send(frame);
    } else if (next === null) {
      next = cut();
    }
  };

  const readTrack = async (frames: TrackFrames) => {
    while (!stopped && videoFrames) {
      if (inFlight >= clientSettings.framesInFlight.value) {
        await new Promise<void>((resolve) => (placeFreed = resolve));
        placeFreed = null;
        continue;
      }
      const frame = await frames.next();
      if (!frame) break;
      const area = stopped || !videoFrames || paused() ? null : region();
      if (!area || area.width <= 0 || area.height <= 0) {
        frame.close();
        continue;
      }
      void send({ frame: Promise.resolve({ video: frame, region: area }), at: performance.now() });
    }
    frames.stop();
    // The worker could not read a VideoFrame: bitmaps cut from the video from now on.
    if (!stopped) schedule();
  };

  if (track) void readTrack(track);
  else schedule();
  return () => {
    stopped = true;
    track?.stop();
    placeFreed?.();
    if (perVideoFrame) source.cancelVideoFrameCallback?.(handle);
    else cancelAnimationFrame(handle);
    void next?.frame.then((taken) => taken && closeFrame(taken));
    next = null;
  };
}
