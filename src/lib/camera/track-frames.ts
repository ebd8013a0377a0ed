/** Chromium's MediaStreamTrackProcessor, not yet in TypeScript's DOM types. */
type TrackProcessor = new (init: { track: MediaStreamTrack; maxBufferSize?: number }) => { readable: ReadableStream<VideoFrame> };

export interface TrackFrames {
  /** The newest camera frame not read yet, or the next one to come; null once stopped. */
  next(): Promise<VideoFrame | null>;
  stop(): void;
}

/**
 * The camera's frames read straight from its track, where the browser can (MediaStreamTrackProcessor):
 * a frame is read only when the engine has room for it, so the page neither renders for every video
 * frame, as asking the video element for its frames makes it do, nor copies one out of the element.
 * Null where the browser cannot, or the video shows no camera.
 */
export function trackFrames(video: HTMLVideoElement): TrackFrames | null {
  const Processor = (globalThis as { MediaStreamTrackProcessor?: TrackProcessor }).MediaStreamTrackProcessor;
  const stream = video.srcObject;
  if (typeof Processor !== 'function' || typeof VideoFrame !== 'function' || !(stream instanceof MediaStream)) return null;
  const [track] = stream.getVideoTracks();
  if (!track || track.readyState === 'ended') return null;
  // A clone of its own, so that stopping the reader never ends the camera the page shows.
  const own = track.clone();
  // One frame buffered: a read gets the newest, and older frames are dropped as they come.
  const reader = new Processor({ track: own, maxBufferSize: 1 }).readable.getReader();
  return {
    next: () => reader.read().then(({ value }) => value ?? null, () => null),
    stop: () => {
      void reader.cancel().catch(() => undefined);
      own.stop();
    },
  };
}
