import { cardHeight, cardWidth } from '../geometry/card-regions.ts';
import { quadSides, type Quad } from '../geometry/card-quad.ts';
import type { RectifySettings } from '../identify-settings.ts';
import { withMats, type CvMat, type OpenCv } from '../image/opencv.ts';
import type { RasterImage } from '../image/raster-image.ts';

/** The card inside each quad, seen straight on at `cardWidth` x `cardHeight` RGB. */
export function rectifyCards(cv: OpenCv, image: RasterImage, quads: Quad[], rectify: RectifySettings): RasterImage[] {
  return withMats((keep) => {
    const photo = keep(cv.matFromArray(image.height, image.width, cv.CV_8UC3, image.data));
    return quads.map((quad) => rectifyOne(cv, photo, image, quad, rectify));
  });
}

function rectifyOne(cv: OpenCv, photo: CvMat, image: RasterImage, quad: Quad, { shrinkAbove, shrinkTo }: RectifySettings): RasterImage {
  return withMats((keep) => {
    let source = photo;
    // Shrink first when the card is much larger than the output, or the warp would alias fine print.
    const factor = quadSides(quad).height / cardHeight;
    let corners = quad;
    if (factor > shrinkAbove.value) {
      const shrink = shrinkTo.value / factor;
      const smaller = keep(new cv.Mat());
      cv.resize(source, smaller, new cv.Size(Math.max(1, Math.round(image.width * shrink)), Math.max(1, Math.round(image.height * shrink))), 0, 0, cv.INTER_AREA);
      source = smaller;
      corners = quad.map((p) => ({ x: p.x * (smaller.cols / image.width), y: p.y * (smaller.rows / image.height) })) as Quad;
    }
    const from = keep(cv.matFromArray(4, 1, cv.CV_32FC2, corners.flatMap((p) => [p.x, p.y])));
    const to = keep(cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, cardWidth, 0, cardWidth, cardHeight, 0, cardHeight]));
    const matrix = keep(cv.getPerspectiveTransform(from, to));
    const warped = keep(new cv.Mat());
    cv.warpPerspective(source, warped, matrix, new cv.Size(cardWidth, cardHeight), cv.INTER_LINEAR, cv.BORDER_REPLICATE, new cv.Scalar());
    return { width: cardWidth, height: cardHeight, channels: 3, data: new Uint8Array(warped.data) };
  });
}
