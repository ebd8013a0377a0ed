import { mkdtempSync, rmSync } from 'node:fs';
import { identifySettings } from '../identify-settings.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog } from '../../../fixtures/identify/generate-test-catalog.ts';
import { easyPhotosOf } from '../../test-support/test-photo.ts';
import { SeededRandom } from '../../../fixtures/identify/seeded-random.ts';
import { maxCornerDistance, type Quad } from '../geometry/card-quad.ts';
import { findCardOutlines } from './find-card-outlines.ts';
import { loadOpenCv, type OpenCv } from '../image/opencv.ts';
import type { RasterImage } from '../image/raster-image.ts';

interface Photo {
  image: RasterImage;
  /** The card's true corners in the decoded photo. */
  truth: Quad;
}

/** How far an outline is from the card, as a share of its diagonal, whichever way up it was taken. */
function outlineError(quad: Quad, truth: Quad): number {
  const diagonal = Math.hypot(truth[2].x - truth[0].x, truth[2].y - truth[0].y);
  return Math.min(maxCornerDistance(quad, truth), maxCornerDistance([quad[2], quad[3], quad[0], quad[1]], truth)) / diagonal;
}

describe('findCardOutlines', () => {
  let cv: OpenCv;
  let dir: string;
  let photos: Photo[];

  beforeAll(async () => {
    cv = await loadOpenCv();
    dir = mkdtempSync(join(tmpdir(), 'card-lens-outlines-'));
    const catalog = await generateTestCatalog(dir, { seed: 3, sets: 2, cards: 4, reprints: 1, outside: 0 });
    photos = await easyPhotosOf(catalog, [1, 2, 3, 4, 5]);
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('puts the card first, best first, in most easy photos and among the outlines in all of them', () => {
    let firstRight = 0;
    for (const { image, truth } of photos) {
      const hypotheses = findCardOutlines(cv, image, identifySettings.locate).all();
      const scores = hypotheses.map((hypothesis) => hypothesis.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      if (outlineError(hypotheses[0]!.quad, truth) < 0.04) firstRight += 1;
      const found = hypotheses.filter((hypothesis) => hypothesis.source !== 'frame');
      expect(Math.min(...found.map((hypothesis) => outlineError(hypothesis.quad, truth)))).toBeLessThan(0.04);
    }
    expect(firstRight).toBeGreaterThanOrEqual(4);
  });

  it('puts the card first in most easy photos from closed contours alone', () => {
    const firstRight = photos.filter(({ image, truth }) => outlineError(findCardOutlines(cv, image, identifySettings.locate).fromContours()[0]!.quad, truth) < 0.04);
    expect(firstRight.length).toBeGreaterThanOrEqual(4);
  });

  it('finds no card-like outline on a plain table, only the frame', () => {
    const random = new SeededRandom(9);
    const width = 600;
    const height = 800;
    const data = new Uint8Array(width * height * 3);
    // A desk under a lamp: a gentle gradient and sensor noise, nothing with an edge.
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const light = 150 + (60 * (x + y)) / (width + height);
        for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = Math.round(Math.max(0, Math.min(255, light - 10 * c + 3 * random.gaussian())));
      }
    }
    const hypotheses = findCardOutlines(cv, { width, height, channels: 3, data }, identifySettings.locate).all();
    expect(hypotheses.some((hypothesis) => hypothesis.source === 'frame')).toBe(true);
    for (const hypothesis of hypotheses.filter((entry) => entry.source !== 'frame')) expect(hypothesis.score).toBeLessThan(0.3);
    const frame = hypotheses.find((hypothesis) => hypothesis.source === 'frame')!.quad;
    expect(frame.map((p) => [p.x, p.y]).sort()).toEqual([
      [0, 0],
      [0, height],
      [width, 0],
      [width, height],
    ]);
  });
});
