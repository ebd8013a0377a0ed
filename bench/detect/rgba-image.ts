import sharp from 'sharp';

export interface RgbaImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Decodes JPEG or PNG to RGBA, upright as a camera shows it (EXIF orientation applied). */
export async function decodeImage(path: string): Promise<RgbaImage> {
  const { data, info } = await sharp(path).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The pixels of an integer rectangle, as createImageBitmap(source, sx, sy, sw, sh) cuts the scanner frame. */
export function cropImage(image: RgbaImage, rect: PixelRect): RgbaImage {
  const data = new Uint8Array(rect.width * rect.height * 4);
  for (let y = 0; y < rect.height; y++) {
    const start = ((rect.y + y) * image.width + rect.x) * 4;
    data.set(image.data.subarray(start, start + rect.width * 4), y * rect.width * 4);
  }
  return { data, width: rect.width, height: rect.height };
}
