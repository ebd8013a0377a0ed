import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { identifySettings } from '../identify-settings.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog, type TestCatalog } from '../../../fixtures/identify/generate-test-catalog.ts';
import { SeededRandom } from '../../../fixtures/identify/seeded-random.ts';
import { decodedTestPhoto } from '../../test-support/test-photo.ts';
import { regionGrids, stripSize } from '../describe/card-fingerprint.ts';
import { fingerprintCardImage } from '../describe/fingerprint-card-image.ts';
import { PhotoSampler } from '../rectify/photo-sampler.ts';
import { readRegion } from './read-region.ts';
import { reprintFits } from './tell-reprints-apart.ts';

const { verify } = identifySettings;

const { width, height } = stripSize;
const random = new SeededRandom(7);
const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

/** A strip of printed-looking texture: dark marks on a light background. */
function texturedStrip(): Uint8Array {
  return Uint8Array.from({ length: width * height }, () => (random.chance(0.3) ? random.int(20, 80) : random.int(170, 230)));
}

/** `strip` with a different collector number: new marks in a small box near its right end. */
function withOtherNumber(strip: Uint8Array): Uint8Array {
  const out = Uint8Array.from(strip);
  for (let y = 6; y < 18; y++) for (let x = 150; x < 180; x++) out[y * width + x] = random.chance(0.3) ? random.int(20, 80) : random.int(170, 230);
  return out;
}

const noisy = (strip: Uint8Array, sigma: number) => Uint8Array.from(strip, (value) => clamp(value + sigma * random.gaussian()));

describe('reprintFits', () => {
  it('fits the photo to the printing whose strip it shows, judged where the printings differ', () => {
    const first = texturedStrip();
    const second = withOtherNumber(first);
    const photo = noisy(first, 15);
    const [fitsFirst, fitsSecond] = reprintFits(() => [photo, photo], [first, second], verify);
    expect(fitsFirst).toBeGreaterThan(0.8);
    expect(fitsFirst! - fitsSecond!).toBeGreaterThan(0.3);
    const photoOfSecond = noisy(second, 15);
    const [againFirst, againSecond] = reprintFits(() => [photoOfSecond, photoOfSecond], [first, second], verify);
    expect(againSecond).toBeGreaterThan(againFirst! + 0.3);
  });

  it('gives every printing 0 when their strips do not differ', () => {
    const strip = texturedStrip();
    const photo = noisy(strip, 15);
    expect(reprintFits(() => [photo, photo, photo], [strip, Uint8Array.from(strip), Uint8Array.from(strip)], verify)).toEqual([0, 0, 0]);
  });

  describe('on photos of a card and its reprint', () => {
    let dir: string;
    let catalog: TestCatalog;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'card-lens-reprints-'));
      catalog = await generateTestCatalog(dir, { seed: 3, sets: 2, cards: 4, reprints: 1, outside: 0 });
    });

    afterAll(() => {
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('fits each photo best to the printing it shows', async () => {
      const original = catalog.printings.find((printing) => printing.sameArtAs !== null)!;
      const reprint = catalog.printings.find((printing) => printing.printingId === original.sameArtAs)!;
      const pair = await Promise.all([original, reprint].map((printing) => fingerprintCardImage(readFileSync(printing.imageFile))));
      for (const [shown, printing] of [original, reprint].entries()) {
        const { image, truth: outline } = await decodedTestPhoto(readFileSync(printing.imageFile), { seed: 4 });
        const sampler = new PhotoSampler(image);
        const photoStrip = readRegion(sampler, outline, regionGrids.strip);
        const fits = reprintFits(() => [photoStrip, photoStrip], pair.map((candidate) => candidate.strip), verify);
        expect(fits[shown]).toBeGreaterThan(fits[1 - shown]!);
      }
    });
  });
});
