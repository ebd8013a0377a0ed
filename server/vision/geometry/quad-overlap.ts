import { pointInQuad, quadArea, type Point, type Quad } from './card-quad.ts';

/** Points across a quad, evenly in its own coordinates. */
const grid = 12;

function insideConvex(quad: Quad, point: Point): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    const cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** How much of `part` lies inside `whole` (both convex), as a share of `part`'s area. */
export function shareInside(part: Quad, whole: Quad): number {
  let inside = 0;
  for (let i = 0; i < grid; i++) {
    for (let j = 0; j < grid; j++) if (insideConvex(whole, pointInQuad(part, (i + 0.5) / grid, (j + 0.5) / grid))) inside += 1;
  }
  return inside / (grid * grid);
}

/** Intersection over union of two convex quads. */
export function quadIou(a: Quad, b: Quad): number {
  const common = shareInside(a, b) * quadArea(a);
  const union = quadArea(a) + quadArea(b) - common;
  return union > 0 ? common / union : 0;
}
