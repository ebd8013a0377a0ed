export interface Point {
  x: number;
  y: number;
}

/** A straight line through `point` along the unit vector `direction`. */
export interface Line {
  point: Point;
  direction: Point;
}

export function lineThrough(a: Point, b: Point): Line {
  const length = Math.max(Math.hypot(b.x - a.x, b.y - a.y), 1e-9);
  return { point: a, direction: { x: (b.x - a.x) / length, y: (b.y - a.y) / length } };
}

/** Where two lines cross; undefined when they are (nearly) parallel. */
export function whereLinesMeet(l1: Line, l2: Line): Point | undefined {
  const det = l2.direction.x * l1.direction.y - l1.direction.x * l2.direction.y;
  if (Math.abs(det) < 1e-6) return undefined;
  const dx = l2.point.x - l1.point.x;
  const dy = l2.point.y - l1.point.y;
  const u = (l2.direction.x * dy - l2.direction.y * dx) / det;
  return { x: l1.point.x + l1.direction.x * u, y: l1.point.y + l1.direction.y * u };
}

/** Four corners, clockwise on screen, starting at the top-left of the card as it will be rectified. */
export type Quad = [Point, Point, Point, Point];

export const cardAspect = 63 / 88;

/** The same outline read upside down. */
export const halfTurn = (quad: Quad): Quad => [quad[2], quad[3], quad[0], quad[1]];

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

/** The largest |cosine| of the quad's corner angles: 0 for a rectangle. */
export function largestCornerCosine(quad: Quad): number {
  let largest = 0;
  for (let i = 0; i < 4; i++) {
    const p = quad[i]!;
    const prev = quad[(i + 3) % 4]!;
    const next = quad[(i + 1) % 4]!;
    const ax = prev.x - p.x;
    const ay = prev.y - p.y;
    const bx = next.x - p.x;
    const by = next.y - p.y;
    largest = Math.max(largest, Math.abs(ax * bx + ay * by) / Math.max(Math.hypot(ax, ay) * Math.hypot(bx, by), 1e-9));
  }
  return largest;
}

/** Whether no corner of the quad is sharper or blunter than `maxCosine` allows. */
export function cornerAnglesPlausible(quad: Quad, maxCosine: number): boolean {
  return largestCornerCosine(quad) <= maxCosine;
}

/** The four quads that keep three corners of a quad and put the fourth where a parallelogram would. */
export function parallelogramCompletions(quad: Quad): Quad[] {
  return [0, 1, 2, 3].map((k) => {
    const before = quad[(k + 3) % 4]!;
    const opposite = quad[(k + 2) % 4]!;
    const after = quad[(k + 1) % 4]!;
    const completed = [...quad] as Quad;
    completed[k] = { x: before.x + after.x - opposite.x, y: before.y + after.y - opposite.y };
    return completed;
  });
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

/** A card `height` pixels tall centred on `centre`, turned by `angle` radians. */
export function turnedCard(centre: Point, height: number, angle: number): Quad {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const corners = [
    [-0.5, -0.5],
    [0.5, -0.5],
    [0.5, 0.5],
    [-0.5, 0.5],
  ].map(([u, v]) => {
    const x = u! * cardAspect * height;
    const y = v! * height;
    return { x: centre.x + x * cos - y * sin, y: centre.y + x * sin + y * cos };
  });
  return orderQuad(corners);
}

/** The quad grown (factor > 1) or shrunk about its centre. */
export function scaleQuad(quad: Quad, factor: number): Quad {
  const cx = quad.reduce((sum, p) => sum + p.x, 0) / 4;
  const cy = quad.reduce((sum, p) => sum + p.y, 0) / 4;
  return quad.map((p) => ({ x: cx + (p.x - cx) * factor, y: cy + (p.y - cy) * factor })) as Quad;
}

/**
 * The projective map from the unit square (a card's own coordinates, corners in `Quad` order) onto a
 * quad, as x = (a u + b v + c) / (g u + h v + 1), y = (d u + e v + f) / (g u + h v + 1).
 */
export function squareToQuad([p0, p1, p2, p3]: Quad) {
  const dx1 = p1.x - p2.x;
  const dx2 = p3.x - p2.x;
  const dy1 = p1.y - p2.y;
  const dy2 = p3.y - p2.y;
  const sx = p0.x - p1.x + p2.x - p3.x;
  const sy = p0.y - p1.y + p2.y - p3.y;
  const det = dx1 * dy2 - dx2 * dy1;
  const g = det === 0 ? 0 : (sx * dy2 - dx2 * sy) / det;
  const h = det === 0 ? 0 : (dx1 * sy - sx * dy1) / det;
  return { a: p1.x - p0.x + g * p1.x, b: p3.x - p0.x + h * p3.x, c: p0.x, d: p1.y - p0.y + g * p1.y, e: p3.y - p0.y + h * p3.y, f: p0.y, g, h };
}

/** Where a point of the unit square lands in the quad. */
export function pointInQuad(quad: Quad, u: number, v: number): Point {
  const { a, b, c, d, e, f, g, h } = squareToQuad(quad);
  const w = g * u + h * v + 1;
  return { x: (a * u + b * v + c) / w, y: (d * u + e * v + f) / w };
}

export function maxCornerDistance(a: Quad, b: Quad): number {
  return Math.max(...a.map((p, i) => distance(p, b[i]!)));
}
