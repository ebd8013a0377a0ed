import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { identifySettings } from '../identify-settings.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog } from '../../../fixtures/identify/generate-test-catalog.ts';
import { decodedTestPhoto } from '../../test-support/test-photo.ts';
import { regionGrids, type CardFingerprint } from '../describe/card-fingerprint.ts';
import type { Quad } from '../geometry/card-quad.ts';
import { shiftedCorrelation } from '../image/correlation.ts';
import { fingerprintCardImage } from '../describe/fingerprint-card-image.ts';
import { PhotoSampler } from '../rectify/photo-sampler.ts';
import { alignRegionFinely, alignRegionRoughly } from './region-reading.ts';
import { readRegion } from './read-region.ts';
import { reprintFits } from './tell-reprints-apart.ts';

const { verify } = identifySettings;

const grid = regionGrids.strip;

/** How alike a strip read from the photo and a catalogue strip are, allowing the fits' small shifts. */
const likeness = (read: Uint8Array, strip: Uint8Array) => shiftedCorrelation(read, strip, grid.width, grid.height, 3, 2);

describe("reading the photo's bottom strip for telling a card from its reprint", () => {
  let dir: string;
  /** The card, then its reprint: one artwork, another set symbol and number. */
  let pair: CardFingerprint[];
  let photos: Array<{ shown: number; sampler: PhotoSampler; truth: Quad; cardHeight: number }>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'card-lens-regions-'));
    const catalog = await generateTestCatalog(dir, { seed: 3, sets: 2, cards: 4, reprints: 1, outside: 0 });
    const reprint = catalog.printings.find((printing) => printing.sameArtAs !== null)!;
    const original = catalog.printings.find((printing) => printing.printingId === reprint.sameArtAs)!;
    const printings = [original, reprint];
    pair = await Promise.all(printings.map((printing) => fingerprintCardImage(readFileSync(printing.imageFile))));
    photos = [];
    for (const [shown, printing] of printings.entries()) {
      // Seeds whose photos hold the whole card, unsleeved, so that the drawn corners are the card's.
      for (const seed of [2, 4]) {
        const { image, truth } = await decodedTestPhoto(readFileSync(printing.imageFile), { seed });
        photos.push({ shown, sampler: new PhotoSampler(image), truth, cardHeight: Math.hypot(truth[3].x - truth[0].x, truth[3].y - truth[0].y) });
      }
    }
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The outline as a whole-card alignment may leave it: 1.5% of the card's height off, right and down. */
  const offBy = ({ truth, cardHeight }: (typeof photos)[number]) => truth.map((p) => ({ x: p.x + 0.015 * cardHeight, y: p.y + 0.015 * cardHeight })) as Quad;

  it('lines the strip up again from an outline a letter off, so that it matches the card shown', () => {
    for (const photo of photos) {
      const strip = pair[photo.shown]!.strip;
      const mean = Float32Array.from(strip, (value, i) => (value + pair[1 - photo.shown]!.strip[i]!) / 2);
      const start = offBy(photo);
      const lined = alignRegionFinely(photo.sampler, alignRegionRoughly(photo.sampler, start, grid, mean, verify), grid, strip, verify);
      const before = likeness(readRegion(photo.sampler, start, grid), strip);
      const after = likeness(readRegion(photo.sampler, lined, grid), strip);
      expect(after).toBeGreaterThan(0.7);
      expect(after).toBeGreaterThan(before + 0.1);
    }
  });

  it('tells the card shown from the other printing, each lined up with its own strip', () => {
    for (const photo of photos) {
      const mean = Float32Array.from(pair[0]!.strip, (value, i) => (value + pair[1]!.strip[i]!) / 2);
      const rough = alignRegionRoughly(photo.sampler, offBy(photo), grid, mean, verify);
      const reads = pair.map((printing) => readRegion(photo.sampler, alignRegionFinely(photo.sampler, rough, grid, printing.strip, verify), grid));
      const fits = reprintFits(() => reads, pair.map((printing) => printing.strip), verify);
      expect(fits[photo.shown]).toBeGreaterThan(fits[1 - photo.shown]! + 0.1);
    }
  });
});
