import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Spec section 9: rear camera preferred, ideally 1280x720, at least 640x480. */
export const cameraConstraints: MediaStreamConstraints = {
  audio: false,
  video: {
    facingMode: { ideal: 'environment' },
    width: { ideal: 1280, min: 640 },
    height: { ideal: 720, min: 480 },
  },
};

export type CameraStatus = 'idle' | 'starting' | 'live' | 'error';

/** How a start ended: 'cancelled' when a stop or a newer start came first. */
export type CameraStart = 'live' | 'error' | 'cancelled';

/** Owns the camera stream of one <video>: start, stop, and always stop when the screen goes away. */
export function useCamera(videoRef: RefObject<HTMLVideoElement | null>) {
  const [status, setStatus] = useState<CameraStatus>('idle');
  const stream = useRef<MediaStream | null>(null);
  // A start that resolves after a stop (or unmount) must not leave a camera running.
  const generation = useRef(0);

  const stop = useCallback(() => {
    generation.current += 1;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setStatus('idle');
  }, [videoRef]);

  const start = useCallback(async (): Promise<CameraStart> => {
    stop();
    const mine = generation.current;
    setStatus('starting');
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('No camera API in this browser');
      const media = await navigator.mediaDevices.getUserMedia(cameraConstraints);
      if (mine !== generation.current) {
        media.getTracks().forEach((track) => track.stop());
        return 'cancelled';
      }
      stream.current = media;
      const video = videoRef.current;
      if (!video) throw new Error('No video element');
      video.srcObject = media;
      await video.play();
      if (mine !== generation.current) return 'cancelled';
      setStatus('live');
      return 'live';
    } catch (error) {
      if (mine !== generation.current) return 'cancelled';
      console.warn('Camera could not start:', error);
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
      setStatus('error');
      return 'error';
    }
  }, [stop, videoRef]);

  useEffect(() => stop, [stop]);

  return { status, start, stop };
}
