import sharp from 'sharp';
import { cardAspect, type Point, type Quad } from '../geometry/card-quad.ts';
import type { NumberSettings } from '../identify-settings.ts';
import { withMats, type OpenCv } from '../image/opencv.ts';
import type { RasterImage } from '../image/raster-image.ts';

/** Where `matrix` (3x3, row by row) takes a point. */
function mapped(matrix: Float64Array, { x, y }: Point): Point {
  const w = matrix[6]! * x + matrix[7]! * y + matrix[8]!;
  return { x: (matrix[0]! * x + matrix[1]! * y + matrix[2]!) / w, y: (matrix[3]! * x + matrix[4]! * y + matrix[5]!) / w };
}

/**
 * The bottom of the card, where collector numbers are printed, straightened at `bandWidth` pixels
 * across from the uploaded photo's own pixels: the working image is too small for them (a number
 * is 7 px high on a card 600 px tall). Only the band's bounding box is decoded at full resolution.
 * `quad` is in the working image's pixels, `scale` uploaded pixels per working pixel. Undefined when
 * the band runs off the photo by more than `bandOutside`: a number cut there reads as another.
 */
export async function numberBand(cv: OpenCv, photo: Uint8Array, quad: Quad, scale: number, { bandTop, bandWidth, bandOutside }: NumberSettings): Promise<RasterImage | undefined> {
  const width = bandWidth.value;
  const cardTall = width / cardAspect;
  const top = bandTop.value * cardTall;
  const height = Math.round(cardTall - top);
  const corners = quad.map((p) => ({ x: p.x * scale, y: p.y * scale }));
  const card = [
    { x: 0, y: 0 },
    { x: width, y: 0 },
    { x: width, y: cardTall },
    { x: 0, y: cardTall },
  ];
  const toPhoto = withMats((keep) => {
    const from = keep(cv.matFromArray(4, 1, cv.CV_32FC2, card.flatMap((p) => [p.x, p.y])));
    const to = keep(cv.matFromArray(4, 1, cv.CV_32FC2, corners.flatMap((p) => [p.x, p.y])));
    return Float64Array.from(keep(cv.getPerspectiveTransform(from, to)).data64F);
  });
  const band = [card[0]!, card[1]!, card[2]!, card[3]!].map((p, i) => mapped(toPhoto, i < 2 ? { x: p.x, y: top } : p));
  const meta = await sharp(photo).metadata();
  const [photoWidth, photoHeight] = [meta.autoOrient.width, meta.autoOrient.height];
  const slack = bandOutside.value * Math.hypot(band[1]!.x - band[0]!.x, band[1]!.y - band[0]!.y);
  if (band.some((p) => p.x < -slack || p.y < -slack || p.x > photoWidth + slack || p.y > photoHeight + slack)) return undefined;
  const left = Math.max(0, Math.floor(Math.min(...band.map((p) => p.x))) - 2);
  const upper = Math.max(0, Math.floor(Math.min(...band.map((p) => p.y))) - 2);
  const right = Math.min(photoWidth, Math.ceil(Math.max(...band.map((p) => p.x))) + 2);
  const lower = Math.min(photoHeight, Math.ceil(Math.max(...band.map((p) => p.y))) + 2);
  const { data, info } = await sharp(photo)
    .rotate()
    .extract({ left, top: upper, width: right - left, height: lower - upper })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return withMats((keep) => {
    const source = keep(cv.matFromArray(info.height, info.width, cv.CV_8UC3, data));
    const from = keep(cv.matFromArray(4, 1, cv.CV_32FC2, band.flatMap((p) => [p.x - left, p.y - upper])));
    const to = keep(cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, width, 0, width, height, 0, height]));
    const warped = keep(new cv.Mat());
    cv.warpPerspective(source, warped, keep(cv.getPerspectiveTransform(from, to)), new cv.Size(width, height), cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar());
    return { width, height, channels: 3, data: new Uint8Array(warped.data) };
  });
}
