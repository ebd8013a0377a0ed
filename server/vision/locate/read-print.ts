import { fileURLToPath } from 'node:url';
import { loadModelSession } from '../runtime/model-file-session.ts';
import { loadOpenCv, withMats, type OpenCv } from '../image/opencv.ts';
import { writeRgbPlanes } from '../image/rgb-planes.ts';
import type { RasterImage } from '../image/raster-image.ts';
import { cardAspect, pointInQuad, quadSides, type Point, type Quad } from '../geometry/card-quad.ts';
import { decodeHeatmaps } from './decode-heatmaps.ts';
import type { LocateSettings } from '../identify-settings.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const printReaderModel = `${root}public/models/card-print-reader.onnx`;

/**
 * The print reader's contract (training/corners/print_common.py): the photo shrunk (area) so the
 * card is at most `cardHeight` pixels tall, then warped (bilinear, black outside the photo) so the
 * outline found fills a card-shaped rectangle `cardHeight` tall, centred in `inputWidth` x
 * `inputHeight`, its first corner top-left; RGB in 0..1. Out come four heatmaps at 1/`stride`, the
 * card's true corners in the same order.
 */
export const printReaderContract = (() => {
  const inputWidth = 160;
  const inputHeight = 224;
  const margin = 0.1;
  const cardHeight = inputHeight / (1 + 2 * margin);
  const cardWidth = cardHeight * cardAspect;
  return { inputWidth, inputHeight, stride: 4, cardHeight, cardWidth, left: (inputWidth - cardWidth) / 2, top: (inputHeight - cardHeight) / 2 };
})();

/** The card's corners read from its print through a rough outline of it, in the outline's order; undefined when the model cannot run. */
export type ReadPrint = (image: RasterImage, quad: Quad) => Promise<Quad | undefined>;

/** Where the frame's rectangle puts the outline's corners. */
function frameCorners(): number[] {
  const { left, top, cardWidth, cardHeight } = printReaderContract;
  return [left, top, left + cardWidth, top, left + cardWidth, top + cardHeight, left, top + cardHeight];
}

interface Straightened {
  /** The reader's input, RGB row by row. */
  pixels: Uint8Array;
  /** A point of the input back in photo pixels. */
  back: (point: Point) => Point;
}

/** The card seen through `quad`, warped into the reader's frame (the photo shrunk first, as the training windows were). */
function straightened(cv: OpenCv, image: RasterImage, quad: Quad): Straightened {
  const { inputWidth, inputHeight, cardHeight, cardWidth, left, top } = printReaderContract;
  const { width, height } = quadSides(quad);
  const shrink = Math.min(1, cardHeight / Math.max(width, height, 1));
  const pixels = withMats((keep) => {
    let source = keep(cv.matFromArray(image.height, image.width, cv.CV_8UC3, image.data));
    if (shrink < 1) {
      const small = keep(new cv.Mat());
      cv.resize(source, small, new cv.Size(Math.max(1, Math.round(image.width * shrink)), Math.max(1, Math.round(image.height * shrink))), 0, 0, cv.INTER_AREA);
      source = small;
    }
    const [fx, fy] = [source.cols / image.width, source.rows / image.height];
    const outline = keep(cv.matFromArray(4, 1, cv.CV_32FC2, quad.flatMap((p) => [p.x * fx, p.y * fy])));
    const frame = keep(cv.matFromArray(4, 1, cv.CV_32FC2, frameCorners()));
    const warped = keep(new cv.Mat());
    cv.warpPerspective(source, warped, keep(cv.getPerspectiveTransform(outline, frame)), new cv.Size(inputWidth, inputHeight), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(0, 0, 0, 0));
    return new Uint8Array(warped.data);
  });
  // The frame's rectangle is the card's own square scaled, so a point of it lands in the photo as that point of the square does.
  return { pixels, back: (point) => pointInQuad(quad, (point.x - left) / cardWidth, (point.y - top) / cardHeight) };
}

/** The pixels of an RGB image mirrored left to right. */
function mirrored(pixels: Uint8Array, width: number): Uint8Array {
  const out = new Uint8Array(pixels.length);
  for (let row = 0; row < pixels.length; row += width * 3) {
    for (let x = 0; x < width; x++) out.set(pixels.subarray(row + x * 3, row + x * 3 + 3), row + (width - 1 - x) * 3);
  }
  return out;
}

/** The input tensor [readings, 3, H, W]: the straightened card, then (with two readings) the same mirrored left to right. */
function readingsTensor(pixels: Uint8Array, readings: number): Float32Array {
  const tensor = new Float32Array(readings * pixels.length);
  writeRgbPlanes(pixels, tensor);
  if (readings > 1) writeRgbPlanes(mirrored(pixels, printReaderContract.inputWidth), tensor, pixels.length);
  return tensor;
}

/** Each reading's corners in the outline's order, the mirrored reading's mirrored back (its first corner is the outline's second), averaged. */
function averagedReadings(readings: Point[][]): Point[] {
  const { inputWidth } = printReaderContract;
  const aligned = readings.map((points, r) => (r === 0 ? points : [1, 0, 3, 2].map((k) => ({ x: inputWidth - points[k]!.x, y: points[k]!.y }))));
  return [0, 1, 2, 3].map((k) => ({
    x: aligned.reduce((sum, points) => sum + points[k]!.x, 0) / aligned.length,
    y: aligned.reduce((sum, points) => sum + points[k]!.y, 0) / aligned.length,
  }));
}

/**
 * The print reader, run on the server's model runtime as the corner model is: it
 * sees the whole card straightened, so a side the photo shows no edge of is placed by the card's
 * frame and boxes. With `mirrored`, the card is read as it is and mirrored, in one run.
 */
export async function loadPrintReader({ printReadings }: LocateSettings, modelFile: string = printReaderModel): Promise<ReadPrint> {
  const mirrored = printReadings.value > 1;
  const session = await loadModelSession(modelFile);
  const readings = mirrored ? 2 : 1;
  const cv = await loadOpenCv();
  const { inputWidth, inputHeight, stride } = printReaderContract;
  return async (image, quad) => {
    const { pixels, back } = straightened(cv, image, quad);
    const outcome = await session.run(readingsTensor(pixels, readings), [readings, 3, inputHeight, inputWidth]);
    if (!outcome.ok) return undefined;
    const [, , mapHeight, mapWidth] = outcome.output.dims;
    const perReading = 4 * mapWidth! * mapHeight!;
    const read = Array.from({ length: readings }, (_, r) => decodeHeatmaps(outcome.output.data.subarray(r * perReading, (r + 1) * perReading), mapWidth!, mapHeight!, stride).points);
    return averagedReadings(read).map(back) as Quad;
  };
}
