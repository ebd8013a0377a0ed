import { mkdtempSync, rmSync } from 'node:fs';
import { identifySettings } from '../identify-settings.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog } from '../../../fixtures/identify/generate-test-catalog.ts';
import { easyPhotosOf } from '../../test-support/test-photo.ts';
import type { RasterImage } from '../image/raster-image.ts';
import { maxCornerDistance, orderQuad, quadSides, type Quad } from '../geometry/card-quad.ts';
import { sideFitOf, sidesOnEdges } from './fit-sides.ts';

const sideFit = sideFitOf(identifySettings.locate);

const cardHeight = (quad: Quad) => Math.max(quadSides(quad).width, quadSides(quad).height);

/** The outline with each corner moved `share` of the card's height, each in its own direction. */
function nudged(quad: Quad, share: number): Quad {
  const step = share * cardHeight(quad);
  const turns = [0.3, 2.1, 3.9, 5.2];
  return quad.map((p, k) => ({ x: p.x + step * Math.cos(turns[k]!), y: p.y + step * Math.sin(turns[k]!) })) as Quad;
}

/** The photo without its rows above `top`, as a phone that framed the card too low sees it. */
function cutAbove(image: RasterImage, top: number): RasterImage {
  const row = image.width * image.channels;
  return { ...image, height: image.height - top, data: image.data.slice(top * row) };
}

const raised = (quad: Quad, top: number): Quad => quad.map((p) => ({ x: p.x, y: p.y - top })) as Quad;

describe('fitting the sides of an outline to the edges in the photo', () => {
  let dir: string;
  let photos: Array<{ image: RasterImage; truth: Quad }>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'card-lens-fit-sides-'));
    const catalog = await generateTestCatalog(dir, { seed: 8, sets: 2, cards: 4, reprints: 0, outside: 0 });
    photos = await easyPhotosOf(catalog, [41, 42, 43, 44]);
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("brings corners 1% of the card off to within 0.5% of the card's", () => {
    for (const { image, truth } of photos) {
      const outline = orderQuad(truth);
      const fitted = sidesOnEdges(image, nudged(outline, 0.01), sideFit).quad;
      expect(maxCornerDistance(fitted, outline) / cardHeight(outline)).toBeLessThan(0.005);
    }
  });

  it('puts a corner beyond the top of the photo where the sides seen below it meet', () => {
    for (const { image, truth } of photos) {
      const outline = orderQuad(truth);
      // Halfway between the two highest corners: one corner off the photo, half its top side on it.
      const [highest, next] = outline.map((p) => p.y).sort((a, b) => a - b);
      expect(next! - highest!).toBeGreaterThan(0.04 * cardHeight(outline));
      const top = Math.ceil((highest! + next!) / 2);
      const cut = cutAbove(image, top);
      const inCut = raised(outline, top);
      expect(inCut.some((p) => p.y < 0)).toBe(true);
      const fitted = sidesOnEdges(cut, nudged(inCut, 0.01), sideFit).quad;
      expect(maxCornerDistance(fitted, inCut) / cardHeight(inCut)).toBeLessThan(0.006);
    }
  });

  it('fits a side that runs mostly off the photo from the part the photo shows', () => {
    for (const { image, truth } of photos) {
      const outline = orderQuad(truth);
      // Most of the way from the highest corner to the next: little of the top side is left.
      const [highest, next] = outline.map((p) => p.y).sort((a, b) => a - b);
      const top = Math.ceil(highest! + 0.6 * (next! - highest!));
      const inCut = raised(outline, top);
      const fitted = sidesOnEdges(cutAbove(image, top), nudged(inCut, 0.01), sideFit).quad;
      expect(maxCornerDistance(fitted, inCut) / cardHeight(inCut)).toBeLessThan(0.005);
    }
  });

  it('leaves an outline alone where the photo shows no edge', () => {
    const { width, height } = photos[0]!.image;
    const blank: RasterImage = { width, height, channels: 3, data: new Uint8Array(width * height * 3).fill(128) };
    const outline = nudged(orderQuad(photos[0]!.truth), 0.01);
    expect(sidesOnEdges(blank, outline, sideFit)).toEqual({ quad: outline, support: [0, 0, 0, 0] });
  });
});
