import { mkdtempSync, rmSync } from 'node:fs';
import { identifySettings } from '../identify-settings.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog } from '../../../fixtures/identify/generate-test-catalog.ts';
import { easyPhotosOf, type TestPhoto } from '../../test-support/test-photo.ts';
import { maxCornerDistance, orderQuad, parallelogramCompletions, type Quad } from '../geometry/card-quad.ts';
import { loadCornerRefiner, type RefineCorners } from './refine-corners.ts';
import { sideFitOf, sidesOnEdges } from './fit-sides.ts';
import { doubtful, misshapen, repairedOutline } from './repair-outline.ts';

const { locate } = identifySettings;
const sideFit = sideFitOf(locate);

const height = (q: Quad) => (Math.hypot(q[3].x - q[0].x, q[3].y - q[0].y) + Math.hypot(q[2].x - q[1].x, q[2].y - q[1].y)) / 2;

/** The outline with corner `k` taken `share` of its side further along the side that runs into it from corner k - 1. */
function dragged(quad: Quad, k: number, share: number): Quad {
  const from = quad[(k + 3) % 4]!;
  const at = quad[k]!;
  const out = [...quad] as Quad;
  out[k] = { x: at.x + (at.x - from.x) * share, y: at.y + (at.y - from.y) * share };
  return out;
}

describe('outline repair', () => {
  let dir: string;
  let photos: TestPhoto[];
  let barePhotos: TestPhoto[];
  let refine: RefineCorners;
  const twice: RefineCorners = async (image, quads) => (await refine(image, (await refine(image, quads)).map(orderQuad))).map(orderQuad);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'card-lens-repair-'));
    const catalog = await generateTestCatalog(dir, { seed: 6, sets: 2, cards: 4, reprints: 0, outside: 0 });
    photos = await easyPhotosOf(catalog, [31, 32, 33, 34]);
    // In a sleeve, the sleeve's own edge a little outside the card holds up a side turned outward:
    // such an outline is not found doubtful.
    barePhotos = (await easyPhotosOf(catalog, [31, 33, 34, 35, 36, 37, 38])).filter((photo) => !photo.conditions.includes('sleeve')).slice(0, 4);
    refine = await loadCornerRefiner(identifySettings.locate);
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('puts each corner in turn where a parallelogram of the other three puts it', () => {
    const square: Quad = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 12, y: 14 },
      { x: 0, y: 10 },
    ];
    const completions = parallelogramCompletions(square);
    expect(completions[2]![2]).toEqual({ x: 10, y: 10 });
    expect(completions[0]![0]).toEqual({ x: -2, y: -4 });
    expect(completions[2]![0]).toEqual(square[0]);
  });

  it('rebuilds an outline whose corner ran along a line from a side, and leaves a good one alone', async () => {
    for (const [i, { image, truth }] of photos.entries()) {
      const outline = orderQuad(truth);
      expect(doubtful(sidesOnEdges(image, outline, sideFit), locate)).toBe(false);
      const broken = dragged(outline, i % 4, 0.4);
      expect(misshapen(broken, locate)).toBe(true);
      const repaired = await repairedOutline(image, broken, sidesOnEdges(image, broken, sideFit), twice, locate);
      expect(repaired).toBeDefined();
      expect(maxCornerDistance(repaired!.onEdges.quad, outline) / height(outline)).toBeLessThan(0.02);
    }
  });

  it('rebuilds a card-shaped outline with a corner off a bare card, since two of its sides miss the edges', async () => {
    expect(barePhotos).toHaveLength(4);
    for (const [i, { image, truth }] of barePhotos.entries()) {
      const outline = orderQuad(truth);
      const broken = dragged(outline, i % 4, 0.06);
      expect(misshapen(broken, locate)).toBe(false);
      const onEdges = sidesOnEdges(image, broken, sideFit);
      expect(doubtful(onEdges, locate)).toBe(true);
      const repaired = await repairedOutline(image, broken, onEdges, twice, locate);
      expect(maxCornerDistance(repaired!.onEdges.quad, outline) / height(outline)).toBeLessThan(0.02);
    }
  });
});
