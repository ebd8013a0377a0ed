import { fileURLToPath } from 'node:url';
import type { Box } from '../../../engine/preprocess/letterbox-geometry.ts';
import { loadModelSession } from '../runtime/model-file-session.ts';
import { decodeHeatmaps } from './decode-heatmaps.ts';
import { cornerRefinerModel, loadCornerRefiner } from './refine-corners.ts';
import { refineOutline, type OutlineModels } from './outline-steps.ts';
import { loadPrintReader, printReaderModel } from './read-print.ts';
import { orderQuad, type Quad } from '../geometry/card-quad.ts';
import { loadOpenCv, withMats, type OpenCv } from '../image/opencv.ts';
import { writeRgbPlanes } from '../image/rgb-planes.ts';
import { identifyParts, type LocateSettings, type OutlineStep } from '../identify-settings.ts';
import type { RasterImage } from '../image/raster-image.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const cardCornersModel = `${root}public/models/card-corners.onnx`;

/**
 * The model's contract (training/corners/common.py): a window of the photo around a box, grown by
 * `grow`, widened or heightened to the input's aspect, black outside the photo, resized (area) to
 * `inputWidth` x `inputHeight`, RGB in 0..1; out come four heatmaps at 1/`stride` of the input, one
 * per corner (top-left, top-right, bottom-right, bottom-left as seen).
 */
export const cornersContract = { inputWidth: 160, inputHeight: 224, stride: 4, grow: 1.25 } as const;

export interface CardCorners {
  /** The card's corners in photo pixels, in `Quad` order (clockwise, a short side first). */
  quad: Quad;
  /** 0..1: the least share of a corner's heatmap held near its peak; low when the model saw no corner. */
  sharpness: number;
}

/**
 * The corners of the card in each box of a photo (the whole photo when no box is given), each
 * outline then taken through the `steps` (locate/outline-steps.ts; all of them unless told).
 */
export type FindCardCorners = (image: RasterImage, boxes: Box[], steps?: readonly OutlineStep[]) => Promise<CardCorners[]>;


export interface CornerModelFiles {
  corners: string;
  /** The corner refiner; null to go without it. */
  refiner: string | null;
  /** The print reader; null to go without it. */
  printReader: string | null;
}

const shippedModels: CornerModelFiles = { corners: cardCornersModel, refiner: cornerRefinerModel, printReader: printReaderModel };

interface Window {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Where the model looks for the card in a box: the same rounding as common.py's crop_window (Python rounds halves to even; a half-pixel never matters here). */
export function cornerWindow(box: Box): Window {
  const { inputWidth, inputHeight, grow } = cornersContract;
  const height = Math.max(box.h, (box.w * inputHeight) / inputWidth) * grow;
  const width = (height * inputWidth) / inputHeight;
  const cx = box.x + box.w / 2;
  const cy = box.y + box.h / 2;
  return { left: Math.round(cx - width / 2), top: Math.round(cy - height / 2), width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}

/** The window's pixels as the model's input tensor [1, 3, H, W]. */
function windowTensor(cv: OpenCv, image: RasterImage, window: Window): Float32Array {
  const { inputWidth, inputHeight } = cornersContract;
  const cut = new Uint8Array(window.width * window.height * 3);
  const x0 = Math.max(window.left, 0);
  const x1 = Math.min(window.left + window.width, image.width);
  for (let y = Math.max(window.top, 0); y < Math.min(window.top + window.height, image.height); y++) {
    if (x1 <= x0) break;
    const from = (y * image.width + x0) * 3;
    cut.set(image.data.subarray(from, from + (x1 - x0) * 3), ((y - window.top) * window.width + (x0 - window.left)) * 3);
  }
  const resized = withMats((keep) => {
    const source = keep(cv.matFromArray(window.height, window.width, cv.CV_8UC3, cut));
    const out = keep(new cv.Mat());
    cv.resize(source, out, new cv.Size(inputWidth, inputHeight), 0, 0, cv.INTER_AREA);
    return new Uint8Array(out.data);
  });
  const tensor = new Float32Array(3 * inputWidth * inputHeight);
  writeRgbPlanes(resized, tensor);
  return tensor;
}

/** The corner model, its refiner and the print reader, run on the server's model runtime as the detector is (runtime/model-file-session.ts). */
export async function loadCardCornersModel(locate: LocateSettings, files: Partial<CornerModelFiles> = {}): Promise<FindCardCorners> {
  const passes = locate.cornerPasses.value;
  const { corners: modelFile, refiner: refinerFile, printReader: printReaderFile } = { ...shippedModels, ...files };
  const session = await loadModelSession(modelFile);
  const models: OutlineModels = {
    refine: refinerFile ? await loadCornerRefiner(locate, refinerFile) : undefined,
    readPrint: printReaderFile ? await loadPrintReader(locate, printReaderFile) : undefined,
  };
  const cv = await loadOpenCv();
  const { inputWidth, inputHeight, stride } = cornersContract;
  const one = async (image: RasterImage, box: Box): Promise<CardCorners | undefined> => {
    const window = cornerWindow(box);
    const outcome = await session.run(windowTensor(cv, image, window), [1, 3, inputHeight, inputWidth]);
    if (!outcome.ok) return undefined;
    const [, , mapHeight, mapWidth] = outcome.output.dims;
    const { points, sharpness } = decodeHeatmaps(outcome.output.data, mapWidth!, mapHeight!, stride);
    const inPhoto = points.map((p) => ({ x: window.left + (p.x * window.width) / inputWidth, y: window.top + (p.y * window.height) / inputHeight }));
    return { quad: orderQuad(inPhoto), sharpness };
  };
  return async (image, boxes, steps = identifyParts.outlineSteps) => {
    const asked = boxes.length > 0 ? boxes : [{ x: 0, y: 0, w: image.width, h: image.height }];
    const found: CardCorners[] = [];
    for (const box of asked) {
      let corners = await one(image, box);
      // Again in a window around the card found: centred on it and sized to it, as the model's
      // training windows mostly were, whatever the detector's box was.
      for (let pass = 1; corners && pass < passes; pass++) corners = (await one(image, boxAround(corners.quad))) ?? corners;
      if (corners) found.push({ ...corners, quad: await refineOutline(image, corners.quad, steps, models, locate) });
    }
    return found;
  };
}

function boxAround(quad: Quad): Box {
  const xs = quad.map((p) => p.x);
  const ys = quad.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** The corner model loaded on first use; identification works without it (the hand-written outline search stays). */
export function cardCornersOnDemand(locate: LocateSettings, files: Partial<CornerModelFiles> = {}): FindCardCorners {
  let loading: Promise<FindCardCorners | undefined> | undefined;
  return async (image, boxes, steps) => {
    loading ??= loadCardCornersModel(locate, files).catch((error: unknown) => {
      console.warn(`Card corner model unavailable on the server (${error instanceof Error ? error.message : String(error)}); finding outlines by hand only`);
      return undefined;
    });
    const find = await loading;
    return find ? find(image, boxes, steps) : [];
  };
}
