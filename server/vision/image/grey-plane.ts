import type { RasterImage } from './raster-image.ts';
import { reusableFloat64Array } from './reusable-buffer.ts';
import { summedAreaTable } from './summed-area.ts';

/** A single-channel float image; values are whatever the producing step says. */
export interface GreyPlane {
  width: number;
  height: number;
  data: Float32Array;
}

/** A pixel's brightness from its red, green and blue (ITU-R BT.601's weights, as JPEG's luma). */
export const luma = (r: number, g: number, b: number): number => 0.299 * r + 0.587 * g + 0.114 * b;

/**
 * Grey levels added to a local mean before a pixel is divided by it: flattening lighting, a dark
 * patch is not blown up into noise. Part of the fingerprint's layout.
 */
export const lightingFloor = 8;

export function lumaOf(image: RasterImage): GreyPlane {
  const { width, height, channels, data } = image;
  const out = new Float32Array(width * height);
  if (channels === 1) {
    for (let i = 0; i < out.length; i++) out[i] = data[i]!;
  } else {
    for (let i = 0, j = 0; i < out.length; i++, j += 3) out[i] = luma(data[j]!, data[j + 1]!, data[j + 2]!);
  }
  return { width, height, data: out };
}

/** Mean of each output cell over the matching rectangle of the source region (fractions of the plane). */
export function resampleRegion(
  plane: GreyPlane,
  region: { x0: number; y0: number; x1: number; y1: number },
  outWidth: number,
  outHeight: number,
): GreyPlane {
  const { width, height, data } = plane;
  const out = new Float32Array(outWidth * outHeight);
  const left = region.x0 * width;
  const top = region.y0 * height;
  const cellW = ((region.x1 - region.x0) * width) / outWidth;
  const cellH = ((region.y1 - region.y0) * height) / outHeight;
  for (let oy = 0; oy < outHeight; oy++) {
    const ya = Math.max(0, Math.floor(top + oy * cellH));
    const yb = Math.min(height, Math.max(ya + 1, Math.floor(top + (oy + 1) * cellH)));
    for (let ox = 0; ox < outWidth; ox++) {
      const xa = Math.max(0, Math.floor(left + ox * cellW));
      const xb = Math.min(width, Math.max(xa + 1, Math.floor(left + (ox + 1) * cellW)));
      let sum = 0;
      for (let y = ya; y < yb; y++) {
        const row = y * width;
        for (let x = xa; x < xb; x++) sum += data[row + x]!;
      }
      out[oy * outWidth + ox] = sum / ((yb - ya) * (xb - xa));
    }
  }
  return { width: outWidth, height: outHeight, data: out };
}

const integralBuffer = reusableFloat64Array();

/**
 * Divides out slow changes of brightness (a lamp on one side, a shadow) so that a photo and the
 * catalogue scan compare on the printed content: each pixel over the mean of a window around it.
 */
export function flattenLighting(plane: GreyPlane, radius: number, into = new Float32Array(plane.width * plane.height)): GreyPlane {
  const { width, height, data } = plane;
  const stride = width + 1;
  const integral = summedAreaTable(data, width, height, integralBuffer(stride * (height + 1)));
  const out = into;
  for (let y = 0; y < height; y++) {
    const ya = y - radius < 0 ? 0 : y - radius;
    const yb = y + radius + 1 > height ? height : y + radius + 1;
    const top = ya * stride;
    const bottom = yb * stride;
    for (let x = 0; x < width; x++) {
      const xa = x - radius < 0 ? 0 : x - radius;
      const xb = x + radius + 1 > width ? width : x + radius + 1;
      const sum = integral[bottom + xb]! - integral[top + xb]! - integral[bottom + xa]! + integral[top + xa]!;
      out[y * width + x] = data[y * width + x]! / (sum / ((yb - ya) * (xb - xa)) + lightingFloor);
    }
  }
  return { width, height, data: out };
}
