import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { FrameResult } from '../../../engine/api.ts';
import { frameInVideo, viewInVideo, type Size } from '../../lib/camera/frame-region.ts';
import { startFramePump } from '../../lib/camera/frame-pump.ts';
import { useCamera } from '../../lib/camera/use-camera.ts';
import type { EngineClient } from '../../lib/engine-client.ts';

export interface CameraFeedOptions {
  engineRef: RefObject<EngineClient | null>;
  /** The engine's input side once it has started; frames are pumped from then on. */
  inputSize: number | undefined;
  /** Whether frames are left alone for now (a photo is processed or shown). */
  paused: () => boolean;
  /** Page mode: the engine looks at the whole view for every card on it, not at the card frame. */
  pageMode: () => boolean;
  onFrame: (result: FrameResult) => void;
}

/**
 * The view's size, kept as layout changes it. The frame pump asks for it on every video frame, and
 * reading it off the element then would force a layout whenever the page has just changed (the
 * scanner's state shown), a long task on a slow phone.
 */
function useViewSize(viewRef: RefObject<HTMLDivElement | null>): RefObject<Size> {
  const size = useRef<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const measure = () => {
      size.current = { width: view.clientWidth, height: view.clientHeight };
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(view);
    return () => observer.disconnect();
  }, [viewRef]);
  return size;
}

/**
 * The camera and what feeds the engine from it: the video, the card frame's region of it, the pump
 * that hands frames to the worker, and the frozen last frame shown while a photo is processed.
 */
export function useCameraFeed({ engineRef, inputSize, paused, pageMode, onFrame }: CameraFeedOptions) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const viewRef = useRef<HTMLDivElement>(null);
  const freezeRef = useRef<HTMLCanvasElement>(null);
  const camera = useCamera(videoRef);
  const viewSize = useViewSize(viewRef);

  const region = useCallback(() => {
    const video = videoRef.current;
    if (!video) return null;
    return frameInVideo({ width: video.videoWidth, height: video.videoHeight }, viewSize.current);
  }, [viewSize]);

  /** All the video the view shows: what a page photo holds. */
  const wholeView = useCallback(() => {
    const video = videoRef.current;
    if (!video) return null;
    return viewInVideo({ width: video.videoWidth, height: video.videoHeight }, viewSize.current);
  }, [viewSize]);

  useEffect(() => {
    const video = videoRef.current;
    const engine = engineRef.current;
    if (camera.status !== 'live' || inputSize === undefined || !video || !engine) return;
    return startFramePump({
      video,
      region: () => (pageMode() ? wholeView() : region()),
      maxSide: inputSize,
      detect: (frame, timestampMs) => engine.detect(frame, { timestampMs }),
      paused,
      onResult: onFrame,
    });
  }, [camera.status, inputSize, engineRef, region, wholeView, paused, pageMode, onFrame]);

  /** The frame on screen held still while the photo taken from it is processed. */
  const freeze = useCallback(() => {
    const video = videoRef.current;
    const canvas = freezeRef.current;
    if (!video || !canvas) return;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    video.pause();
  }, []);

  const resume = useCallback(() => {
    void videoRef.current?.play().catch(() => undefined);
  }, []);

  return { videoRef, viewRef, freezeRef, status: camera.status, start: camera.start, region, wholeView, freeze, resume };
}

export type CameraFeed = ReturnType<typeof useCameraFeed>;
