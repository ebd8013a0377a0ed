/**
 * Reads scaled pixels out of an ImageBitmap with an OffscreenCanvas: the browser does the resize,
 * and only the requested rectangle is read back. One canvas per output size, reused.
 */
export interface BitmapReader {
  /** RGBA of the whole bitmap scaled to width x height. */
  read(frame: ImageBitmap, width: number, height: number): Uint8ClampedArray;
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
      context!.drawImage(frame, 0, 0, width, height);
      return context!.getImageData(0, 0, width, height).data;
    },
  };
}
