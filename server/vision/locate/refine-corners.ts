import { fileURLToPath } from 'node:url';
import { loadModelSession } from '../runtime/model-file-session.ts';
import { loadOpenCv, withMats, type OpenCv } from '../image/opencv.ts';
import { writeRgbPlanes } from '../image/rgb-planes.ts';
import type { RasterImage } from '../image/raster-image.ts';
import { decodeHeatmaps } from './decode-heatmaps.ts';
import { quadSides, type Point, type Quad } from '../geometry/card-quad.ts';
import type { LocateSettings } from '../identify-settings.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const cornerRefinerModel = `${root}public/models/corner-refiner.onnx`;

/**
 * The refiner's contract (training/corners/refine_common.py): for each corner of a rough clockwise
 * outline, a `patch` x `patch` square of the photo centred on it, `span` of the card's height wide,
 * turned so the side to the next corner runs along +x and the other along +y. The photo is first
 * shrunk (area) so the square is at most `patch` pixels wide, then the square is cut with bilinear
 * sampling, black outside the photo; RGB in 0..1. Out comes one heatmap per patch at 1/`stride`.
 * Coordinates are continuous: pixel i covers [i, i + 1).
 */
export const refinerContract = { patch: 96, span: 0.32, stride: 2 } as const;

/** The corners of rough outlines of one card, each looked at again, closer: one model run for them all. */
export type RefineCorners = (image: RasterImage, quads: Quad[]) => Promise<Quad[]>;

interface CornerFrame {
  /** The corner in the shrunk photo. */
  at: Point;
  /** Unit vectors of the patch's x and y axes. */
  along: Point;
  across: Point;
  /** Shrunk-photo pixels per patch pixel. */
  step: number;
}

/** The card's height: the longer pair of its opposite sides, averaged. */
function cardHeight(quad: Quad): number {
  const { width, height } = quadSides(quad);
  return Math.max(width, height);
}

/**
 * The photo's shrink factors and size, so every outline's patches are cut at most one to one: the
 * photo is shrunk once for outlines of one card (the largest decides), as shrinking costs more than
 * the model's run on their patches.
 */
export function shrinkFor(quads: Quad[], width: number, height: number): { fx: number; fy: number; width: number; height: number } {
  const { patch, span } = refinerContract;
  const f = Math.min(1, patch / (span * Math.max(...quads.map(cardHeight))));
  const w = Math.max(1, Math.round(width * f));
  const h = Math.max(1, Math.round(height * f));
  return { fx: w / width, fy: h / height, width: w, height: h };
}

export function cornerFrames(quad: Quad, fx: number, fy: number): CornerFrame[] {
  const q = quad.map((p) => ({ x: p.x * fx, y: p.y * fy })) as Quad;
  const step = (refinerContract.span * cardHeight(q)) / refinerContract.patch;
  return q.map((at, k) => {
    const next = q[(k + 1) % 4]!;
    const previous = q[(k + 3) % 4]!;
    const length = Math.max(Math.hypot(next.x - at.x, next.y - at.y), 1e-9);
    const along = { x: (next.x - at.x) / length, y: (next.y - at.y) / length };
    let across = { x: -along.y, y: along.x };
    if ((previous.x - at.x) * across.x + (previous.y - at.y) * across.y < 0) across = { x: -across.x, y: -across.y };
    return { at, along, across, step };
  });
}

/** The 2 x 3 matrix taking patch pixel indices to shrunk-photo pixel indices (for WARP_INVERSE_MAP). */
function patchMatrix({ at, along, across, step }: CornerFrame): number[] {
  const lead = (0.5 - refinerContract.patch / 2) * step;
  return [along.x * step, across.x * step, at.x + lead * (along.x + across.x) - 0.5, along.y * step, across.y * step, at.y + lead * (along.y + across.y) - 0.5];
}

export function fromPatch(point: Point, frame: CornerFrame, fx: number, fy: number): Point {
  const u = (point.x - refinerContract.patch / 2) * frame.step;
  const v = (point.y - refinerContract.patch / 2) * frame.step;
  return { x: (frame.at.x + u * frame.along.x + v * frame.across.x) / fx, y: (frame.at.y + u * frame.along.y + v * frame.across.y) / fy };
}

/** The corner patches as the model's input tensor [patches, 3, patch, patch]. */
function patchTensor(cv: OpenCv, image: RasterImage, frames: CornerFrame[], shrunk: { width: number; height: number }): Float32Array {
  const { patch } = refinerContract;
  const plane = patch * patch;
  const tensor = new Float32Array(frames.length * 3 * plane);
  withMats((keep) => {
    let source = keep(cv.matFromArray(image.height, image.width, cv.CV_8UC3, image.data));
    if (shrunk.width !== image.width || shrunk.height !== image.height) {
      const small = keep(new cv.Mat());
      cv.resize(source, small, new cv.Size(shrunk.width, shrunk.height), 0, 0, cv.INTER_AREA);
      source = small;
    }
    frames.forEach((frame, k) => {
      const matrix = keep(cv.matFromArray(2, 3, cv.CV_64F, patchMatrix(frame)));
      const out = keep(new cv.Mat());
      cv.warpAffine(source, out, matrix, new cv.Size(patch, patch), cv.INTER_LINEAR | cv.WARP_INVERSE_MAP, cv.BORDER_CONSTANT, new cv.Scalar(0, 0, 0, 0));
      writeRgbPlanes(out.data, tensor, k * 3 * plane);
    });
  });
  return tensor;
}

/** The same corner with the patch mirrored about its diagonal: the side to the next corner runs along +y. */
const mirroredFrame = (frame: CornerFrame): CornerFrame => ({ ...frame, along: frame.across, across: frame.along });

/**
 * The maps of `count` patches (the first `count` of `maps`) each averaged with the map of its
 * mirrored patch (the next `count`), mirrored back about the diagonal.
 */
function averagedWithMirrors(maps: Float32Array, count: number, side: number): Float32Array {
  const plane = side * side;
  const averaged = new Float32Array(count * plane);
  for (let k = 0; k < count; k++) {
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) averaged[k * plane + y * side + x] = (maps[k * plane + y * side + x]! + maps[(count + k) * plane + x * side + y]!) / 2;
    }
  }
  return averaged;
}

/**
 * The corner refiner, run on the server's model runtime as the corner model is. With
 * `mirrored`, each corner is read twice, as cut and mirrored about its diagonal (as the refiner was
 * trained), in the same run, and the two maps averaged.
 */
export async function loadCornerRefiner({ cornerReadings }: LocateSettings, modelFile: string = cornerRefinerModel): Promise<RefineCorners> {
  const mirrored = cornerReadings.value > 1;
  const session = await loadModelSession(modelFile);
  const cv = await loadOpenCv();
  const { patch, stride } = refinerContract;
  return async (image, quads) => {
    if (quads.length === 0) return [];
    const shrunk = shrinkFor(quads, image.width, image.height);
    const frames = quads.flatMap((quad) => cornerFrames(quad, shrunk.fx, shrunk.fy));
    const read = mirrored ? [...frames, ...frames.map(mirroredFrame)] : frames;
    const outcome = await session.run(patchTensor(cv, image, read, shrunk), [read.length, 3, patch, patch]);
    if (!outcome.ok) return quads;
    const [, , mapHeight, mapWidth] = outcome.output.dims;
    const maps = mirrored ? averagedWithMirrors(outcome.output.data, frames.length, mapWidth!) : outcome.output.data;
    // One map per patch, laid out as the maps of one image.
    const { points } = decodeHeatmaps(maps, mapWidth!, mapHeight!, stride);
    const refined = points.map((point, k) => fromPatch(point, frames[k]!, shrunk.fx, shrunk.fy));
    return quads.map((_, q) => refined.slice(4 * q, 4 * q + 4) as Quad);
  };
}
