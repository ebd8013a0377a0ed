import { beforeAll, describe, expect, it } from 'vitest';
import { SeededRandom } from '../../../fixtures/identify/seeded-random.ts';
import type { Quad } from '../geometry/card-quad.ts';
import { loadOpenCv, withMats, type OpenCv } from '../image/opencv.ts';
import { PhotoSampler } from './photo-sampler.ts';
import type { RasterImage } from '../image/raster-image.ts';

// A card-shaped pattern of big cells, each a random grey: any misreading shows as a poor correlation.
const cells = { columns: 4, rows: 6 };
const cellSize = 60;
const random = new SeededRandom(11);
const cellValues = Array.from({ length: cells.columns * cells.rows }, () => random.int(20, 235));
const whole = { x0: 0, y0: 0, x1: 1, y1: 1 };

/** The pattern read at `columns` x `rows` cell centres of `region` (fractions of the card). */
function expectedGrid(columns: number, rows: number, region = whole): number[] {
  const out: number[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      const u = region.x0 + ((column + 0.5) / columns) * (region.x1 - region.x0);
      const v = region.y0 + ((row + 0.5) / rows) * (region.y1 - region.y0);
      out.push(cellValues[Math.floor(v * cells.rows) * cells.columns + Math.floor(u * cells.columns)]!);
    }
  }
  return out;
}

function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]! / n;
    mb += b[i]! / n;
  }
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

/** A grey photo with the pattern drawn at `x0`, `y0`, upright and unscaled. */
function uprightPhoto(width: number, height: number, x0: number, y0: number): RasterImage {
  const data = new Uint8Array(width * height * 3).fill(128);
  for (let y = 0; y < cells.rows * cellSize; y++) {
    for (let x = 0; x < cells.columns * cellSize; x++) {
      const value = cellValues[Math.floor(y / cellSize) * cells.columns + Math.floor(x / cellSize)]!;
      data.fill(value, ((y0 + y) * width + x0 + x) * 3, ((y0 + y) * width + x0 + x + 1) * 3);
    }
  }
  return { width, height, channels: 3, data };
}

/** A grey photo with the pattern warped onto `quad` (top-left corner first, clockwise). */
function warpedPhoto(cv: OpenCv, width: number, height: number, quad: Quad): RasterImage {
  const patternWidth = cells.columns * cellSize;
  const patternHeight = cells.rows * cellSize;
  const pattern = uprightPhoto(patternWidth, patternHeight, 0, 0);
  return withMats((keep) => {
    const source = keep(cv.matFromArray(patternHeight, patternWidth, cv.CV_8UC3, pattern.data));
    const from = keep(cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, patternWidth, 0, patternWidth, patternHeight, 0, patternHeight]));
    const to = keep(cv.matFromArray(4, 1, cv.CV_32FC2, quad.flatMap((p) => [p.x, p.y])));
    const warped = keep(new cv.Mat());
    cv.warpPerspective(source, warped, keep(cv.getPerspectiveTransform(from, to)), new cv.Size(width, height), cv.INTER_LINEAR, cv.BORDER_CONSTANT, new cv.Scalar(128, 128, 128, 255));
    return { width, height, channels: 3, data: Uint8Array.from(warped.data) };
  });
}

const shifted = (quad: Quad, dx: number, dy: number) => quad.map((p) => ({ x: p.x + dx, y: p.y + dy })) as Quad;

describe('PhotoSampler', () => {
  let cv: OpenCv;

  beforeAll(async () => {
    cv = await loadOpenCv();
  });

  it('reads an upright card cell for cell, and a sub-region as that part of the card', () => {
    const photo = uprightPhoto(400, 500, 70, 60);
    const quad: Quad = [
      { x: 70, y: 60 },
      { x: 310, y: 60 },
      { x: 310, y: 420 },
      { x: 70, y: 420 },
    ];
    const sampler = new PhotoSampler(photo);
    const grid = sampler.sample(quad, whole, 8, 12);
    expect(grid).toMatchObject({ width: 8, height: 12 });
    expect(correlation(grid.data, expectedGrid(8, 12))).toBeGreaterThan(0.95);
    // Grey pixels have their own value as luma, so a grid of one sample per cell gives the cells'
    // grey levels; a box a cell wide may take in a pixel's row or column of a neighbour (1/60 each).
    const centres = sampler.sample(quad, whole, cells.columns, cells.rows);
    centres.data.forEach((value, i) => expect(Math.abs(value - cellValues[i]!)).toBeLessThan(8));

    const lowerRight = { x0: 0.5, y0: 0.5, x1: 1, y1: 1 };
    expect(correlation(sampler.sample(quad, lowerRight, 4, 6).data, expectedGrid(4, 6, lowerRight))).toBeGreaterThan(0.95);
  });

  it('reads a turned card seen at an angle through its quad, and does much worse through a quad 20% off', () => {
    const quad: Quad = [
      { x: 250, y: 70 },
      { x: 470, y: 150 },
      { x: 390, y: 500 },
      { x: 110, y: 420 },
    ];
    const sampler = new PhotoSampler(warpedPhoto(cv, 640, 580, quad));
    const expected = expectedGrid(8, 12);
    expect(correlation(sampler.sample(quad, whole, 8, 12).data, expected)).toBeGreaterThan(0.95);

    // The first corner is the card's top-left: the same corners from the opposite one read the card upside down.
    const upsideDown: Quad = [quad[2], quad[3], quad[0], quad[1]];
    expect(correlation(sampler.sample(upsideDown, whole, 8, 12).data, [...expected].reverse())).toBeGreaterThan(0.95);

    const cardWidth = Math.hypot(quad[1].x - quad[0].x, quad[1].y - quad[0].y);
    const off = sampler.sample(shifted(quad, 0.2 * cardWidth, 0), whole, 8, 12);
    expect(correlation(off.data, expected)).toBeLessThan(0.6);
  });
});
