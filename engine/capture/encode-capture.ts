import type { CaptureRegion } from '../api.ts';

/** Spec section 9: the photo sent for identification. */
export const CAPTURE_QUALITY = 0.95;

/** The region clipped to the bitmap and rounded to whole pixels; at least 1x1. */
export function clipRegion(region: CaptureRegion | undefined, width: number, height: number): CaptureRegion {
  if (!region) return { x: 0, y: 0, width, height };
  const x = Math.min(Math.max(0, Math.round(region.x)), width - 1);
  const y = Math.min(Math.max(0, Math.round(region.y)), height - 1);
  return {
    x,
    y,
    width: Math.max(1, Math.min(width - x, Math.round(region.width))),
    height: Math.max(1, Math.min(height - y, Math.round(region.height))),
  };
}

export async function encodeCapture(frame: ImageBitmap, region?: CaptureRegion): Promise<Blob> {
  try {
    const crop = clipRegion(region, frame.width, frame.height);
    const canvas = new OffscreenCanvas(crop.width, crop.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('2D canvas is not available in this worker');
    context.drawImage(frame, crop.x, crop.y, crop.width, crop.height, 0, 0, crop.width, crop.height);
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: CAPTURE_QUALITY });
  } finally {
    frame.close();
  }
}
