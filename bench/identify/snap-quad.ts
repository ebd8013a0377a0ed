import type { Point, Quad } from '../../server/vision/locate/card-quad.ts';
import type { RasterImage } from '../../server/vision/image/raster-image.ts';

export interface SnapOptions {
  /** How far each side may move, as a share of the card's height. */
  reach: number;
  /** Share of a side's samples that must agree on one straight edge for the side to move. */
  agreement: number;
}

/** The colour difference across a side at a sample point, summed over the channels (bilinear). */
function colourAt(image: RasterImage, x: number, y: number, into: number[]): boolean {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= image.width || y0 + 1 >= image.height) return false;
  const fx = x - x0;
  const fy = y - y0;
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
 * Moves each side of a card outline onto the straight edge nearest along its normal, where most of
 * its samples agree on one line: the corner model places corners to a few percent, the photo's own
 * edge is sharper. A side with no agreeing edge (a border lost against the table, a thumb over it)
 * stays where it was; the corners are where the sides meet.
 */
export function snapQuad(image: RasterImage, quad: Quad, { reach, agreement }: SnapOptions): Quad {
  const height = (Math.hypot(quad[3].x - quad[0].x, quad[3].y - quad[0].y) + Math.hypot(quad[2].x - quad[1].x, quad[2].y - quad[1].y)) / 2;
  const range = Math.max(2, Math.round(reach * height));
  const cx = quad.reduce((sum, p) => sum + p.x, 0) / 4;
  const cy = quad.reduce((sum, p) => sum + p.y, 0) / 4;
  const samples = 24;
  const lines: Array<{ point: Point; direction: Point }> = [];
  const before: number[] = [];
  const after: number[] = [];
  for (let side = 0; side < 4; side++) {
    const a = quad[side]!;
    const b = quad[(side + 1) % 4]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const direction = { x: (b.x - a.x) / length, y: (b.y - a.y) / length };
    let normal = { x: -direction.y, y: direction.x };
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    if (normal.x * (mid.x - cx) + normal.y * (mid.y - cy) < 0) normal = { x: -normal.x, y: -normal.y };
    // Each sample's strongest step in colour along the normal, as (position along the side, offset).
    const found: Array<{ t: number; offset: number }> = [];
    for (let s = 0; s < samples; s++) {
      const t = 0.15 + (0.7 * (s + 0.5)) / samples;
      const px = a.x + (b.x - a.x) * t;
      const py = a.y + (b.y - a.y) * t;
      let best = 0;
      let bestOffset = 0;
      for (let d = -range; d <= range; d++) {
        if (!colourAt(image, px + normal.x * (d - 1), py + normal.y * (d - 1), before)) continue;
        if (!colourAt(image, px + normal.x * (d + 1), py + normal.y * (d + 1), after)) continue;
        let step = 0;
        for (let k = 0; k < image.channels; k++) step += Math.abs(after[k]! - before[k]!);
        if (step > best) {
          best = step;
          bestOffset = d;
        }
      }
      if (best > 30) found.push({ t: t * length, offset: bestOffset });
    }
    // The line most samples agree on: every pair proposes one, the one with most samples within 1.5 px wins.
    let bestLine: { slope: number; intercept: number; support: number } | undefined;
    for (let i = 0; i < found.length; i++) {
      for (let j = i + 1; j < found.length; j++) {
        const p = found[i]!;
        const q = found[j]!;
        const slope = (q.offset - p.offset) / (q.t - p.t);
        if (Math.abs(slope) > 0.05) continue;
        const intercept = p.offset - slope * p.t;
        const support = found.filter((f) => Math.abs(f.offset - (intercept + slope * f.t)) <= 1.5).length;
        if (!bestLine || support > bestLine.support) bestLine = { slope, intercept, support };
      }
    }
    if (!bestLine || bestLine.support < agreement * samples) {
      lines.push({ point: a, direction });
      continue;
    }
    // Least squares over the agreeing samples.
    const inliers = found.filter((f) => Math.abs(f.offset - (bestLine.intercept + bestLine.slope * f.t)) <= 1.5);
    const mt = inliers.reduce((sum, f) => sum + f.t, 0) / inliers.length;
    const mo = inliers.reduce((sum, f) => sum + f.offset, 0) / inliers.length;
    const stt = inliers.reduce((sum, f) => sum + (f.t - mt) ** 2, 0);
    const slope = stt > 0 ? inliers.reduce((sum, f) => sum + (f.t - mt) * (f.offset - mo), 0) / stt : 0;
    const at = (t: number) => ({ x: a.x + direction.x * t + normal.x * (mo + slope * (t - mt)), y: a.y + direction.y * t + normal.y * (mo + slope * (t - mt)) });
    const p0 = at(0);
    const p1 = at(length);
    const dl = Math.hypot(p1.x - p0.x, p1.y - p0.y);
    lines.push({ point: p0, direction: { x: (p1.x - p0.x) / dl, y: (p1.y - p0.y) / dl } });
  }
  // Corner k is where side k-1 meets side k.
  return quad.map((corner, k) => {
    const l1 = lines[(k + 3) % 4]!;
    const l2 = lines[k]!;
    const det = l1.direction.x * -l2.direction.y - l1.direction.y * -l2.direction.x;
    if (Math.abs(det) < 1e-6) return corner;
    const dx = l2.point.x - l1.point.x;
    const dy = l2.point.y - l1.point.y;
    const u = (dx * -l2.direction.y - dy * -l2.direction.x) / det;
    return { x: l1.point.x + l1.direction.x * u, y: l1.point.y + l1.direction.y * u };
  }) as Quad;
}
