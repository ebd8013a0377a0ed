import { cardAspect, cornerAnglesPlausible, orderQuad, quadArea, quadSides, whereLinesMeet, type Point, type Quad } from '../geometry/card-quad.ts';
import type { LocateSettings } from '../identify-settings.ts';
import { withMats, type OpenCv } from '../image/opencv.ts';

/** A straight line in normal form (x cos θ + y sin θ = ρ), with how much edge lies along it. */
interface NormalLine {
  theta: number;
  rho: number;
  cos: number;
  sin: number;
  length: number;
  /** One of the photo's own borders: a card that runs off the frame is cut along it. */
  border: boolean;
}

const degree = Math.PI / 180;
const normalLine = (theta: number, rho: number, length: number, border: boolean): NormalLine => ({
  theta,
  rho,
  cos: Math.cos(theta),
  sin: Math.sin(theta),
  length,
  border,
});

function lineOfSegment(x1: number, y1: number, x2: number, y2: number): NormalLine {
  let theta = Math.atan2(x2 - x1, -(y2 - y1));
  if (theta < 0) theta += Math.PI;
  if (theta >= Math.PI) theta -= Math.PI;
  return normalLine(theta, x1 * Math.cos(theta) + y1 * Math.sin(theta), Math.hypot(x2 - x1, y2 - y1), false);
}

/** Angle between two lines' directions, 0..π/2. */
function angleBetween(a: NormalLine, b: NormalLine): number {
  const d = Math.abs(a.theta - b.theta) % Math.PI;
  return Math.min(d, Math.PI - d);
}

/** ρ of `b` expressed with `a`'s orientation, so nearly parallel lines can be compared. */
function alignedRho(a: NormalLine, b: NormalLine): number {
  return Math.abs(a.theta - b.theta) > Math.PI / 2 ? -b.rho : b.rho;
}

function intersect(a: NormalLine, b: NormalLine): Point | undefined {
  const throughPoint = (line: NormalLine) => ({ point: { x: line.rho * line.cos, y: line.rho * line.sin }, direction: { x: -line.sin, y: line.cos } });
  return whereLinesMeet(throughPoint(a), throughPoint(b));
}

/** Collinear segments (the two halves of a side broken by glare, a thumb) become one line. */
function mergeSegments(segments: NormalLine[], maxLines: number, { mergeAngle, mergeDistance }: LocateSettings): NormalLine[] {
  const lines: NormalLine[] = [];
  for (const segment of [...segments].sort((a, b) => b.length - a.length)) {
    const same = lines.find((line) => angleBetween(line, segment) < mergeAngle.value * degree && Math.abs(alignedRho(line, segment) - line.rho) < mergeDistance.value);
    if (same) same.length += segment.length;
    else lines.push({ ...segment });
  }
  return lines.sort((a, b) => b.length - a.length).slice(0, maxLines);
}

function borders(width: number, height: number): NormalLine[] {
  return [normalLine(0, 0, 0, true), normalLine(0, width - 1, 0, true), normalLine(Math.PI / 2, 0, 0, true), normalLine(Math.PI / 2, height - 1, 0, true)];
}

/** Share of points along a side, a little inside its corners, that lie on an edge; undefined when the side is out of the photo. */
function sideSupport(edges: Uint8Array, width: number, height: number, a: Point, b: Point, { sideSamples, sideInset, sideMinSamples }: LocateSettings): number | undefined {
  let hits = 0;
  let total = 0;
  const samples = sideSamples.value;
  const inset = sideInset.value;
  for (let step = 0; step <= samples; step++) {
    const t = inset + ((1 - 2 * inset) * step) / samples;
    const x = Math.round(a.x + (b.x - a.x) * t);
    const y = Math.round(a.y + (b.y - a.y) * t);
    if (x < 0 || y < 0 || x >= width || y >= height) continue;
    total += 1;
    if (edges[y * width + x]! > 0) hits += 1;
  }
  return total < sideMinSamples.value ? undefined : hits / total;
}

function onBorder(a: Point, b: Point, width: number, height: number, { borderNear }: LocateSettings): boolean {
  const near = borderNear.value;
  return (
    (a.x < near && b.x < near) ||
    (a.y < near && b.y < near) ||
    (a.x > width - 1 - near && b.x > width - 1 - near) ||
    (a.y > height - 1 - near && b.y > height - 1 - near)
  );
}

/**
 * 0..1: how card-like an outline is: every side on an edge (the weakest counts most), the card's
 * aspect (perspective up to 25 degrees changes it by some 10%), not too small. A side along the
 * photo's border, or beyond it, has no edge to show (the card runs off the frame): it counts as half
 * supported.
 */
export function scoreOutline(quad: Quad, edges: Uint8Array, width: number, height: number, locate: LocateSettings): number {
  const { cornerMaxCosine, outlineMinArea, outlineMaxArea, aspectLow, aspectHigh, aspectSpread, evenSupportWeight, weakestSideWeight, fullScoreArea } = locate;
  if (!cornerAnglesPlausible(quad, cornerMaxCosine.value)) return 0;
  const area = quadArea(quad);
  const imageArea = width * height;
  if (area < outlineMinArea.value * imageArea || area > outlineMaxArea.value * imageArea) return 0;
  const { width: quadWidth, height: quadHeight } = quadSides(quad);
  const aspect = quadWidth / quadHeight;
  if (aspect < cardAspect * aspectLow.value || aspect > cardAspect * aspectHigh.value) return 0;
  const supports: number[] = [];
  let borderSides = 0;
  for (let side = 0; side < 4; side++) {
    const a = quad[side]!;
    const b = quad[(side + 1) % 4]!;
    const support = onBorder(a, b, width, height, locate) ? undefined : sideSupport(edges, width, height, a, b, locate);
    if (support === undefined) borderSides += 1;
    supports.push(support ?? 0.5);
  }
  if (borderSides > 1) return 0;
  const mean = supports.reduce((sum, value) => sum + value, 0) / 4;
  const aspectScore = Math.exp(-(((aspect - cardAspect) / aspectSpread.value) ** 2));
  return mean * (evenSupportWeight.value + weakestSideWeight.value * Math.min(...supports)) * aspectScore * Math.min(1, area / imageArea / fullScoreArea.value);
}

/**
 * A card cut by the frame's border: the whole card, its far side moved past the border to where the
 * card's aspect puts it (the two parallel sides across the cut may be its long or its short sides).
 */
function beyondBorder([a, b, c, d]: NormalLine[], width: number, height: number): Quad[] {
  const [across, ends] = a!.border || b!.border ? [[c!, d!], [a!, b!]] : [[a!, b!], [c!, d!]];
  const [border, far] = ends[0]!.border ? [ends[0]!, ends[1]!] : [ends[1]!, ends[0]!];
  const span = Math.abs(alignedRho(across[0]!, across[1]!) - across[0]!.rho);
  const farRho = alignedRho(border, far);
  const direction = Math.sign(border.rho - farRho);
  const quads: Quad[] = [];
  for (const length of [span / cardAspect, span * cardAspect]) {
    const moved = normalLine(border.theta, farRho + direction * length, 0, false);
    if (Math.abs(moved.rho - farRho) <= Math.abs(border.rho - farRho) + 2) continue;
    const corners = [intersect(across[0]!, far), intersect(far, across[1]!), intersect(across[1]!, moved), intersect(moved, across[0]!)];
    if (corners.some((p) => p === undefined)) continue;
    const quad = orderQuad(corners as Point[]);
    if (quad.every((p) => p.x > -width && p.y > -height && p.x < 2 * width && p.y < 2 * height)) quads.push(quad);
  }
  return quads;
}

/** A photo's edges, one byte per pixel: as found, and thickened for measuring how much of an outline lies on them. */
export interface EdgeMaps {
  width: number;
  height: number;
  raw: Uint8Array;
  support: Uint8Array;
}

export interface ScoredQuad {
  quad: Quad;
  score: number;
}

/**
 * Card outlines built from straight edges: two nearly parallel lines across two nearly parallel
 * lines, their four crossings a card-shaped quad whose sides lie on edges. Unlike a closed contour,
 * this survives a side broken by glare or a thumb, a corner off the frame (the frame's border
 * stands in for the missing side) and a border that merges with the table on one side.
 */
export function lineQuads(cv: OpenCv, edges: EdgeMaps, locate: LocateSettings, maxLines = locate.linesKept.value): ScoredQuad[] {
  const { houghAngleStep, houghThreshold, houghMinLength, houghMaxGap, parallelAngle, sideMinSeparation, cornerMargin, cornerTolerance } = locate;
  const { width, height } = edges;
  const shortSide = Math.min(width, height);
  const segments: NormalLine[] = [];
  withMats((keep) => {
    const raw = keep(cv.matFromArray(height, width, cv.CV_8UC1, edges.raw));
    const found = keep(new cv.Mat());
    cv.HoughLinesP(raw, found, 1, houghAngleStep.value * degree, houghThreshold.value, Math.round(houghMinLength.value * shortSide), houghMaxGap.value);
    const ends = found.data32S;
    for (let i = 0; i < found.rows; i++) segments.push(lineOfSegment(ends[i * 4]!, ends[i * 4 + 1]!, ends[i * 4 + 2]!, ends[i * 4 + 3]!));
  });
  const lines = [...mergeSegments(segments, maxLines, locate), ...borders(width, height)];
  const pairs: Array<[NormalLine, NormalLine]> = [];
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i]!;
      const b = lines[j]!;
      if (a.border && b.border) continue;
      if (angleBetween(a, b) > parallelAngle.value * degree) continue;
      if (Math.abs(alignedRho(a, b) - a.rho) < sideMinSeparation.value * shortSide) continue;
      pairs.push([a, b]);
    }
  }
  const data = edges.support;
  const margin = cornerMargin.value * shortSide;
  const inside = (p: Point) => p.x > -margin && p.y > -margin && p.x < width + margin && p.y < height + margin;
  const out: ScoredQuad[] = [];
  for (let i = 0; i < pairs.length; i++) {
    for (let j = i + 1; j < pairs.length; j++) {
      const [a, b] = pairs[i]!;
      const [c, d] = pairs[j]!;
      if (a === c || a === d || b === c || b === d) continue;
      if (Math.abs(angleBetween(a, c) - Math.PI / 2) > cornerTolerance.value * degree) continue;
      const borderSides = [a, b, c, d].filter((line) => line.border).length;
      if (borderSides > 1) continue;
      const corners = [intersect(a, c), intersect(c, b), intersect(b, d), intersect(d, a)];
      if (corners.some((p) => p === undefined || !inside(p))) continue;
      const quad = orderQuad(corners as Point[]);
      const score = scoreOutline(quad, data, width, height, locate);
      if (score > 0) out.push({ quad, score });
      if (borderSides === 1) {
        for (const whole of beyondBorder([a, b, c, d], width, height)) {
          const wholeScore = scoreOutline(whole, data, width, height, locate);
          if (wholeScore > 0) out.push({ quad: whole, score: wholeScore });
        }
      }
    }
  }
  return out.sort((x, y) => x.score - y.score).reverse();
}
