import type { Point, Quad } from './card-quad.ts';
import { flattenLighting, lumaOf, type GreyPlane } from './grey-plane.ts';
import type { RasterImage } from './raster-image.ts';

/** A region of the card, as fractions of its width and height. */
export interface CardRegion {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The projective map from the unit square (the card's own coordinates) onto a quad in the photo. */
function squareToQuad([p0, p1, p2, p3]: Quad): (u: number, v: number) => Point {
  const dx1 = p1.x - p2.x;
  const dx2 = p3.x - p2.x;
  const dy1 = p1.y - p2.y;
  const dy2 = p3.y - p2.y;
  const sx = p0.x - p1.x + p2.x - p3.x;
  const sy = p0.y - p1.y + p2.y - p3.y;
  const det = dx1 * dy2 - dx2 * dy1;
  const g = det === 0 ? 0 : (sx * dy2 - dx2 * sy) / det;
  const h = det === 0 ? 0 : (dx1 * sy - sx * dy1) / det;
  const a = p1.x - p0.x + g * p1.x;
  const b = p3.x - p0.x + h * p3.x;
  const d = p1.y - p0.y + g * p1.y;
  const e = p3.y - p0.y + h * p3.y;
  return (u, v) => {
    const w = g * u + h * v + 1;
    return { x: (a * u + b * v + p0.x) / w, y: (d * u + e * v + p0.y) / w };
  };
}

/**
 * Reads a card's regions straight from the photo through any quad, without warping the whole card:
 * cheap enough to try many slightly different quads while aligning a photo to a candidate.
 * Each sample is the mean of a box about one output cell wide, so small grids do not alias.
 */
export class PhotoSampler {
  private readonly width: number;
  private readonly height: number;
  private readonly integral: Float64Array;

  constructor(image: RasterImage) {
    const luma = lumaOf(image);
    this.width = luma.width;
    this.height = luma.height;
    const stride = this.width + 1;
    this.integral = new Float64Array(stride * (this.height + 1));
    for (let y = 0; y < this.height; y++) {
      let rowSum = 0;
      for (let x = 0; x < this.width; x++) {
        rowSum += luma.data[y * this.width + x]!;
        this.integral[(y + 1) * stride + x + 1] = this.integral[y * stride + x + 1]! + rowSum;
      }
    }
  }

  private boxMean(cx: number, cy: number, half: number): number {
    const stride = this.width + 1;
    const xa = Math.max(0, Math.min(this.width - 1, Math.round(cx - half)));
    const ya = Math.max(0, Math.min(this.height - 1, Math.round(cy - half)));
    const xb = Math.max(xa + 1, Math.min(this.width, Math.round(cx + half) + 1));
    const yb = Math.max(ya + 1, Math.min(this.height, Math.round(cy + half) + 1));
    const sum = this.integral[yb * stride + xb]! - this.integral[ya * stride + xb]! - this.integral[yb * stride + xa]! + this.integral[ya * stride + xa]!;
    return sum / ((xb - xa) * (yb - ya));
  }

  /** The region of the card inside `quad` as a `columns` x `rows` grey grid. */
  sample(quad: Quad, region: CardRegion, columns: number, rows: number): GreyPlane {
    const map = squareToQuad(quad);
    const out = new Float32Array(columns * rows);
    const cardHeight = Math.hypot(quad[3].x - quad[0].x, quad[3].y - quad[0].y);
    const half = Math.max(0, (((region.y1 - region.y0) * cardHeight) / rows - 1) / 2);
    for (let row = 0; row < rows; row++) {
      const v = region.y0 + ((row + 0.5) * (region.y1 - region.y0)) / rows;
      for (let column = 0; column < columns; column++) {
        const u = region.x0 + ((column + 0.5) * (region.x1 - region.x0)) / columns;
        const p = map(u, v);
        out[row * columns + column] = this.boxMean(p.x, p.y, half);
      }
    }
    return { width: columns, height: rows, data: out };
  }

  /**
   * The card inside `quad` lighting-flattened as the fingerprint does it (a window a tenth of the
   * card wide), at `columns` x `rows` over the whole card.
   */
  sampleFlat(quad: Quad, columns: number, rows: number): GreyPlane {
    return flattenLighting(this.sample(quad, { x0: 0, y0: 0, x1: 1, y1: 1 }, columns, rows), Math.max(1, Math.round(columns / 10)));
  }
}
