import type { RasterImage } from './raster-image.ts';

/** The image turned a quarter clockwise: what was its left side is its top. */
export function turnQuarter(image: RasterImage): RasterImage {
  const { width, height, channels, data } = image;
  const out = new Uint8Array(data.length);
  // Source (x, y) lands at (height - 1 - y, x) in an image `height` wide.
  for (let y = 0; y < height; y++) {
    const column = height - 1 - y;
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * channels;
      const to = (x * height + column) * channels;
      for (let c = 0; c < channels; c++) out[to + c] = data[from + c]!;
    }
  }
  return { width: height, height: width, channels, data: out };
}
