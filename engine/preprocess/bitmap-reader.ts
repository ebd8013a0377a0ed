import type { EngineFrame } from '../api.ts';

/**
 * Reads scaled pixels out of a frame with an OffscreenCanvas: the browser does the crop and the
 * resize, and only the requested rectangle is read back. One canvas per output size, reused.
 */
export interface BitmapReader {
  /** RGBA of the whole bitmap, or of the camera frame's region, scaled to width x height. */
  read(frame: EngineFrame, width: number, height: number): Uint8ClampedArray;
}

export function createBitmapReader(): BitmapReader {
  let canvas: OffscreenCanvas | null = null;
  let context: OffscreenCanvasRenderingContext2D | null = null;
  return {
    read(frame, width, height) {
      if (!canvas || canvas.width !== width || canvas.height !== height) {
        canvas = new OffscreenCanvas(width, height);
        // CPU-backed canvas: pixels are read back every frame, a GPU canvas would stall on each read.
        context = canvas.getContext('2d', { willReadFrequently: true, alpha: false });
        if (!context) throw new Error('2D canvas is not available in this worker');
        context.imageSmoothingEnabled = true;
        context.imageSmoothingQuality = 'low';
      }
      if ('video' in frame) context!.drawImage(frame.video as VideoFrame, frame.region.x, frame.region.y, frame.region.width, frame.region.height, 0, 0, width, height);
      else context!.drawImage(frame, 0, 0, width, height);
      return context!.getImageData(0, 0, width, height).data;
    },
  };
}
