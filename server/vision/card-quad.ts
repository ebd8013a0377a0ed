export interface Point {
  x: number;
  y: number;
}

/** Four corners, clockwise on screen, starting at the top-left of the card as it will be rectified. */
export type Quad = [Point, Point, Point, Point];

export const cardAspect = 63 / 88;

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Orders any four corners clockwise with a short side first, so the card is rectified upright or upside down. */
export function orderQuad(points: Point[]): Quad {
  const cx = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  const cy = points.reduce((sum, p) => sum + p.y, 0) / points.length;
  const sorted = [...points].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx));
  let start = 0;
  let best = Infinity;
  sorted.forEach((p, index) => {
    if (p.x + p.y < best) {
      best = p.x + p.y;
      start = index;
    }
  });
  let quad = [0, 1, 2, 3].map((i) => sorted[(start + i) % 4]!) as Quad;
  const firstPair = distance(quad[0], quad[1]) + distance(quad[2], quad[3]);
  const secondPair = distance(quad[1], quad[2]) + distance(quad[3], quad[0]);
  if (firstPair > secondPair) quad = [quad[3], quad[0], quad[1], quad[2]];
  return quad;
}

export function quadSides(quad: Quad): { width: number; height: number } {
  return {
    width: (distance(quad[0], quad[1]) + distance(quad[3], quad[2])) / 2,
    height: (distance(quad[1], quad[2]) + distance(quad[0], quad[3])) / 2,
  };
}

export function quadArea(quad: Quad): number {
  let twice = 0;
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/** The quad grown (factor > 1) or shrunk about its centre. */
export function scaleQuad(quad: Quad, factor: number): Quad {
  const cx = quad.reduce((sum, p) => sum + p.x, 0) / 4;
  const cy = quad.reduce((sum, p) => sum + p.y, 0) / 4;
  return quad.map((p) => ({ x: cx + (p.x - cx) * factor, y: cy + (p.y - cy) * factor })) as Quad;
}

export function maxCornerDistance(a: Quad, b: Quad): number {
  return Math.max(...a.map((p, i) => distance(p, b[i]!)));
}
