import type { LocateSettings } from '../identify-settings.ts';
import type { RasterImage } from '../image/raster-image.ts';
import { lineThrough, quadSides, whereLinesMeet, type Line, type Point, type Quad } from '../geometry/card-quad.ts';

export interface SideFitOptions {
  /** How far across a side its edge is looked for, as a share of the card's height. */
  reach: number;
  /** The least colour step across an edge, summed over the channels, per pixel. */
  minStep: number;
  /** Of the colour steps at least this share of a sample's strongest, the one nearest the side is taken. */
  nearStepShare: number;
  /** Samples along a side, spread over the part of it inside the photo between its rounded ends. */
  samples: number;
  /** Where a card's rounded corner bends its side, as a share of the side's length: its edge is not straight there. */
  roundedEnd: number;
  /** How far from a fitted line a sample may lie and still be on it, in pixels. */
  inlierPx: number;
  /** The least samples on one straight edge for a side to be fitted. */
  minSamples: number;
  /** A fitted corner further than this share of the card's height from where it was is not taken. */
  maxMove: number;
}

/** The side fit as the settings give it. */
export const sideFitOf = ({ fitReach, fitMinStep, fitNearStepShare, fitSamples, fitInlierPx, fitMinSamples, fitMaxMove, sideInset }: LocateSettings): SideFitOptions => ({
  reach: fitReach.value,
  minStep: fitMinStep.value,
  nearStepShare: fitNearStepShare.value,
  samples: fitSamples.value,
  roundedEnd: sideInset.value,
  inlierPx: fitInlierPx.value,
  minSamples: fitMinSamples.value,
  maxMove: fitMaxMove.value,
});

interface EdgeSample {
  /** Position along the side, in pixels from its first corner. */
  along: number;
  /** Where the edge lies across the side, in pixels towards the card's inside. */
  across: number;
}

/** Bilinear colour at a point (pixel i covers [i, i + 1)); false outside the photo. */
function colourAt(image: RasterImage, x: number, y: number, into: Float64Array): boolean {
  const x0 = Math.floor(x - 0.5);
  const y0 = Math.floor(y - 0.5);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= image.width || y0 + 1 >= image.height) return false;
  const fx = x - 0.5 - x0;
  const fy = y - 0.5 - y0;
  const c = image.channels;
  const i00 = (y0 * image.width + x0) * c;
  const i10 = i00 + c;
  const i01 = i00 + image.width * c;
  const i11 = i01 + c;
  for (let k = 0; k < c; k++) {
    const top = image.data[i00 + k]! * (1 - fx) + image.data[i10 + k]! * fx;
    const bottom = image.data[i01 + k]! * (1 - fx) + image.data[i11 + k]! * fx;
    into[k] = top * (1 - fy) + bottom * fy;
  }
  return true;
}

/**
 * Where the card's edge crosses the line through `p` along `normal`, in pixels from `p`: of the
 * colour steps nearly as strong as the strongest within `range`, the nearest to `p`, since the
 * outline found is already close and a sleeve's edge or a border's inner line lies beside the
 * card's. Undefined where the line leaves the photo or no step is strong enough.
 */
function edgeAcross(image: RasterImage, p: Point, normal: Point, range: number, options: SideFitOptions): number | undefined {
  const before = new Float64Array(3);
  const after = new Float64Array(3);
  const steps: number[] = [];
  for (let d = -range - 1; d <= range + 1; d++) {
    if (!colourAt(image, p.x + normal.x * (d - 1), p.y + normal.y * (d - 1), before)) return undefined;
    if (!colourAt(image, p.x + normal.x * (d + 1), p.y + normal.y * (d + 1), after)) return undefined;
    let step = 0;
    for (let k = 0; k < image.channels; k++) step += Math.abs(after[k]! - before[k]!);
    steps.push(step / 2);
  }
  let strongest = 1;
  for (let i = 2; i < steps.length - 1; i++) if (steps[i]! > steps[strongest]!) strongest = i;
  if (steps[strongest]! < options.minStep) return undefined;
  const centre = range + 1;
  let chosen = strongest;
  for (let i = 1; i < steps.length - 1; i++) {
    const peak = steps[i]! >= steps[i - 1]! && steps[i]! >= steps[i + 1]!;
    if (peak && steps[i]! >= options.nearStepShare * steps[strongest]! && Math.abs(i - centre) < Math.abs(chosen - centre)) chosen = i;
  }
  // The peak's centre between pixels, from a parabola through it and its neighbours.
  const left = steps[chosen - 1]!;
  const right = steps[chosen + 1]!;
  const bend = left - 2 * steps[chosen]! + right;
  const shift = bend < 0 ? Math.max(-0.5, Math.min(0.5, (left - right) / (2 * bend))) : 0;
  return chosen - centre + shift;
}

/** The straight line most samples agree on (every pair proposes one), fitted to them by least squares. */
function agreedLine(found: EdgeSample[], options: SideFitOptions): { at: (along: number) => number; support: number } | undefined {
  let best: EdgeSample[] = [];
  for (let i = 0; i < found.length; i++) {
    for (let j = i + 1; j < found.length; j++) {
      const p = found[i]!;
      const q = found[j]!;
      const slope = (q.across - p.across) / (q.along - p.along);
      const inliers = found.filter((f) => Math.abs(f.across - (p.across + slope * (f.along - p.along))) <= options.inlierPx);
      if (inliers.length > best.length) best = inliers;
    }
  }
  if (best.length < options.minSamples) return undefined;
  const meanAlong = best.reduce((sum, f) => sum + f.along, 0) / best.length;
  const meanAcross = best.reduce((sum, f) => sum + f.across, 0) / best.length;
  const spread = best.reduce((sum, f) => sum + (f.along - meanAlong) ** 2, 0);
  const slope = spread > 0 ? best.reduce((sum, f) => sum + (f.along - meanAlong) * (f.across - meanAcross), 0) / spread : 0;
  return { at: (along) => meanAcross + slope * (along - meanAlong), support: best.length / options.samples };
}

/**
 * The part of [from, to] along a side from `a` where the line across it, `reach` pixels either
 * way, lies inside the photo; undefined when none does. A side running off the photo is looked at
 * where it can be seen, not where it cannot.
 */
function spanInPhoto(image: RasterImage, a: Point, direction: Point, inward: Point, reach: number, [from, to]: [number, number]): [number, number] | undefined {
  // Between 1 and the size less 2: a bilinear read takes the next pixel too (colourAt).
  let [low, high] = [from, to];
  for (const offset of [-reach, reach]) {
    for (const [start, step, limit] of [
      [a.x + inward.x * offset, direction.x, image.width - 2],
      [a.y + inward.y * offset, direction.y, image.height - 2],
    ] as const) {
      if (Math.abs(step) < 1e-12) {
        if (start < 1 || start > limit) return undefined;
        continue;
      }
      const [t0, t1] = [(1 - start) / step, (limit - start) / step];
      low = Math.max(low, Math.min(t0, t1));
      high = Math.min(high, Math.max(t0, t1));
    }
  }
  return high > low ? [low, high] : undefined;
}

/** The side a -> b moved onto the straight edge seen along it in the photo, if enough of it agrees on one. */
function fittedSide(image: RasterImage, a: Point, b: Point, inward: Point, range: number, options: SideFitOptions): { line: Line; support: number } | undefined {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const direction = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
  const found: EdgeSample[] = [];
  const { samples, roundedEnd } = options;
  const span = spanInPhoto(image, a, direction, inward, range + 2, [roundedEnd * length, (1 - roundedEnd) * length]);
  if (!span) return undefined;
  const [from, to] = span;
  for (let s = 0; s < samples; s++) {
    const along = from + ((to - from) * (s + 0.5)) / samples;
    const across = edgeAcross(image, { x: a.x + direction.x * along, y: a.y + direction.y * along }, inward, range, options);
    if (across !== undefined) found.push({ along, across });
  }
  const line = found.length >= options.minSamples ? agreedLine(found, options) : undefined;
  if (!line) return undefined;
  const at = (along: number) => ({ x: a.x + direction.x * along + inward.x * line.at(along), y: a.y + direction.y * along + inward.y * line.at(along) });
  // A share of the whole side: a side the photo shows only part of is only partly on an edge.
  return { line: lineThrough(at(0), at(length)), support: (line.support * (to - from)) / ((1 - 2 * roundedEnd) * length) };
}

/** An outline with its sides moved onto edges, and for each side (side k runs from corner k to the next) the share of it, between its rounded ends, seen on the straight edge found. */
export interface OutlineOnEdges {
  quad: Quad;
  support: number[];
}

/**
 * Each side of a refined outline moved onto the straight edge seen along it, and the corners put
 * where the sides meet: a side's length fixes its line better than a patch around each corner does,
 * above all where a corner lies beyond the photo and its patch is mostly black. A side with too
 * little straight edge in the photo keeps its line. The share of each side on an edge tells how
 * well the outline lies on the card.
 */
export function sidesOnEdges(image: RasterImage, quad: Quad, options: SideFitOptions): OutlineOnEdges {
  const { width, height } = quadSides(quad);
  const cardHeight = Math.max(width, height);
  const range = Math.max(2, Math.round(options.reach * cardHeight));
  const centre = { x: (quad[0].x + quad[1].x + quad[2].x + quad[3].x) / 4, y: (quad[0].y + quad[1].y + quad[2].y + quad[3].y) / 4 };
  const lines = quad.map((a, s) => {
    const b = quad[(s + 1) % 4]!;
    const length = Math.max(Math.hypot(b.x - a.x, b.y - a.y), 1e-9);
    let inward = { x: -(b.y - a.y) / length, y: (b.x - a.x) / length };
    if (inward.x * (centre.x - a.x) + inward.y * (centre.y - a.y) < 0) inward = { x: -inward.x, y: -inward.y };
    return fittedSide(image, a, b, inward, range, options);
  });
  const fitted = quad.map((corner, k) => {
    const before = lines[(k + 3) % 4]?.line;
    const after = lines[k]?.line;
    if (!before && !after) return corner;
    const met = whereLinesMeet(before ?? lineThrough(quad[(k + 3) % 4]!, corner), after ?? lineThrough(corner, quad[(k + 1) % 4]!));
    if (!met || Math.hypot(met.x - corner.x, met.y - corner.y) > options.maxMove * cardHeight) return corner;
    return met;
  }) as Quad;
  return { quad: fitted, support: lines.map((side) => side?.support ?? 0) };
}
