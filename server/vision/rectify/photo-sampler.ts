import { squareToQuad, type Quad } from '../geometry/card-quad.ts';
import { luma, type GreyPlane } from '../image/grey-plane.ts';
import type { RasterImage } from '../image/raster-image.ts';
import type { CardRegion } from '../geometry/card-regions.ts';

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
    const { width, height, channels, data } = image;
    this.width = width;
    this.height = height;
    const stride = width + 1;
    // Luma summed as it is computed: no full-size grey plane in between.
    this.integral = new Float64Array(stride * (height + 1));
    for (let y = 0; y < height; y++) {
      let rowSum = 0;
      let at = y * width * channels;
      const above = y * stride + 1;
      const row = above + stride;
      for (let x = 0; x < width; x++, at += channels) {
        rowSum += channels === 1 ? data[at]! : luma(data[at]!, data[at + 1]!, data[at + 2]!);
        this.integral[row + x] = this.integral[above + x]! + rowSum;
      }
    }
  }

  /** The region of the card inside `quad` as a `columns` x `rows` grey grid, written into `into` when given. */
  sample(quad: Quad, region: CardRegion, columns: number, rows: number, into = new Float32Array(columns * rows)): GreyPlane {
    const { a, b, c, d, e, f, g, h } = squareToQuad(quad);
    const cardHeight = Math.hypot(quad[3].x - quad[0].x, quad[3].y - quad[0].y);
    const half = Math.max(0, (((region.y1 - region.y0) * cardHeight) / rows - 1) / 2);
    const { width, height, integral } = this;
    const stride = width + 1;
    const du = (region.x1 - region.x0) / columns;
    const dv = (region.y1 - region.y0) / rows;
    const u0 = region.x0 + 0.5 * du;
    for (let row = 0; row < rows; row++) {
      const v = region.y0 + (row + 0.5) * dv;
      // Along a row the projective map's numerators and denominator change by constant steps.
      let nx = a * u0 + b * v + c;
      let ny = d * u0 + e * v + f;
      let nw = g * u0 + h * v + 1;
      for (let column = 0; column < columns; column++, nx += a * du, ny += d * du, nw += g * du) {
        const x = nx / nw;
        const y = ny / nw;
        // The mean of a box about one output cell wide around the point, clamped to the photo.
        // Math.round as a truncation, which is faster: the two differ only below zero, which is clamped
        // to the photo's edge anyway (as are the far-off points of a degenerate quad, either way).
        let xa = (x - half + 0.5) | 0;
        let ya = (y - half + 0.5) | 0;
        xa = xa < 0 ? 0 : xa > width - 1 ? width - 1 : xa;
        ya = ya < 0 ? 0 : ya > height - 1 ? height - 1 : ya;
        let xb = ((x + half + 0.5) | 0) + 1;
        let yb = ((y + half + 0.5) | 0) + 1;
        xb = xb > width ? width : xb <= xa ? xa + 1 : xb;
        yb = yb > height ? height : yb <= ya ? ya + 1 : yb;
        const top = ya * stride;
        const bottom = yb * stride;
        into[row * columns + column] = (integral[bottom + xb]! - integral[top + xb]! - integral[bottom + xa]! + integral[top + xa]!) / ((xb - xa) * (yb - ya));
      }
    }
    return { width: columns, height: rows, data: into };
  }
}
