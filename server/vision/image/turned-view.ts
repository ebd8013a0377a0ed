import { withMats, type OpenCv } from './opencv.ts';
import type { RasterImage } from './raster-image.ts';

interface Point {
  x: number;
  y: number;
}

export interface TurnedView {
  image: RasterImage;
  /** A point of the view in the source image's pixels. */
  back(point: Point): Point;
}

/**
 * The image shrunk to `side` pixels on its long side and turned `degrees` clockwise on a canvas
 * that holds all of it: a card lying at that angle the other way stands upright in the view.
 */
export function turnedView(cv: OpenCv, image: RasterImage, degrees: number, side: number): TurnedView {
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const turn = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
  const outWidth = Math.round(width * Math.abs(cos) + height * Math.abs(sin));
  const outHeight = Math.round(width * Math.abs(sin) + height * Math.abs(cos));
  // Clockwise on screen (y runs down): the source centre goes to the canvas centre.
  const [cx, cy, ox, oy] = [width / 2, height / 2, outWidth / 2, outHeight / 2];
  const matrix = [cos, -sin, ox - cos * cx + sin * cy, sin, cos, oy - sin * cx - cos * cy];
  const data = withMats((keep) => {
    let source = keep(cv.matFromArray(image.height, image.width, image.channels === 3 ? cv.CV_8UC3 : cv.CV_8UC1, image.data));
    if (scale < 1) {
      const small = keep(new cv.Mat());
      cv.resize(source, small, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
      source = small;
    }
    if (degrees % 360 === 0) return new Uint8Array(source.data);
    const turned = keep(new cv.Mat());
    cv.warpAffine(source, turned, keep(cv.matFromArray(2, 3, cv.CV_64F, matrix)), new cv.Size(outWidth, outHeight), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0, 0, 0, 0));
    return new Uint8Array(turned.data);
  });
  return {
    image: { width: outWidth, height: outHeight, channels: image.channels, data },
    back: ({ x, y }) => {
      const [dx, dy] = [x - ox, y - oy];
      return { x: (cos * dx + sin * dy + cx) / scale, y: (-sin * dx + cos * dy + cy) / scale };
    },
  };
}
