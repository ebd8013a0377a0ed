import sharp from 'sharp';

/** The scanner's frame: aspect (width / height) of the card-shaped region the app crops and sends. */
export const frameAspect = 0.7;
/** How much of the frame's width a collector's card spans when it is held to fill the frame. */
export const cardShareOfFrame = 0.8;

/** The frame a collector would hold around the card (its corners known), kept inside the photo, in whole pixels. */
export function frameAround(width: number, height: number, corners: Array<{ x: number; y: number }>) {
  const xs = corners.map((corner) => corner.x);
  const ys = corners.map((corner) => corner.y);
  const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
  const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
  let w = (Math.max(...xs) - Math.min(...xs)) / cardShareOfFrame;
  let h = w / frameAspect;
  const fit = Math.min(1, width / w, height / h);
  w *= fit;
  h *= fit;
  const left = Math.round(Math.max(0, Math.min(width - w, cx - w / 2)));
  const top = Math.round(Math.max(0, Math.min(height - h, cy - h / 2)));
  return { left, top, width: Math.min(width - left, Math.round(w)), height: Math.min(height - top, Math.round(h)) };
}

/**
 * What the app would send of a photo: a frame of the scanner's aspect around the card (its corners
 * known), the card about 80% of its width, kept inside the photo, as a JPEG of quality 0.95.
 */
export async function frameCapture(photo: Buffer, corners: Array<{ x: number; y: number }>): Promise<Buffer> {
  const { width, height } = await sharp(photo).metadata();
  return sharp(photo).extract(frameAround(width, height, corners)).jpeg({ quality: 95 }).toBuffer();
}
