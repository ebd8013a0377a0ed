import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { identifySettings } from '../identify-settings.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog } from '../../../fixtures/identify/generate-test-catalog.ts';
import { renderPhoto } from '../../../fixtures/identify/render-photo.ts';
import { alignQuad, alignToCandidate } from './align-to-candidate.ts';
import type { CardFingerprint } from '../describe/card-fingerprint.ts';
import { maxCornerDistance, type Quad } from '../geometry/card-quad.ts';
import { decodePhoto } from '../decode/decode-photo.ts';
import { fingerprintCardImage } from '../describe/fingerprint-card-image.ts';
import { PhotoSampler } from '../rectify/photo-sampler.ts';

const { verify } = identifySettings;

interface Photo {
  sampler: PhotoSampler;
  /** The card's true corners in the decoded photo: top-left, top-right, bottom-right, bottom-left. */
  truth: Quad;
  cardHeight: number;
}

// Photos in which the card lies wholly inside the frame and has no sleeve (a sleeve's corners are the sleeve's, not the card's).
const photoSeeds = [2, 4];

async function photoOf(cardPng: Buffer, seed: number): Promise<Photo> {
  const { jpeg, corners } = await renderPhoto(cardPng, { seed });
  const original = await sharp(jpeg).metadata();
  const image = await decodePhoto(jpeg, identifySettings.decode.workingSide.value);
  const scale = image.width / original.width;
  const truth = corners.map((p) => ({ x: p.x * scale, y: p.y * scale })) as Quad;
  expect(truth.every((p) => p.x >= 0 && p.y >= 0 && p.x < image.width && p.y < image.height)).toBe(true);
  return { sampler: new PhotoSampler(image), truth, cardHeight: Math.hypot(truth[3].x - truth[0].x, truth[3].y - truth[0].y) };
}

/** The true outline moved right by 4% of the card's height, its bottom-right corner a further 4% down. */
function disturbed({ truth, cardHeight }: Photo): Quad {
  const step = 0.04 * cardHeight;
  return truth.map((p, corner) => ({ x: p.x + step, y: p.y + (corner === 2 ? step : 0) })) as Quad;
}

describe('alignment of a photo to a catalogue card', () => {
  let dir: string;
  let card: CardFingerprint;
  let otherCard: CardFingerprint;
  let photos: Photo[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'card-lens-align-'));
    const catalog = await generateTestCatalog(dir, { seed: 3, sets: 2, cards: 4, reprints: 1, outside: 0 });
    const shown = catalog.printings.find((printing) => printing.sameArtAs === null)!;
    const other = catalog.printings.find((printing) => printing !== shown && printing.sameArtAs === null)!;
    const png = readFileSync(shown.imageFile);
    card = await fingerprintCardImage(png);
    otherCard = await fingerprintCardImage(readFileSync(other.imageFile));
    photos = [];
    for (const seed of photoSeeds) photos.push(await photoOf(png, seed));
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('brings an outline that is off as a whole to within 1.5% of the card height', () => {
    for (const photo of photos) {
      const step = 0.04 * photo.cardHeight;
      const start = photo.truth.map((p) => ({ x: p.x + step, y: p.y - step })) as Quad;
      const { quad } = alignQuad(photo.sampler, start, card.thumbnail, verify);
      expect(maxCornerDistance(quad, photo.truth)).toBeLessThan(0.015 * photo.cardHeight);
    }
  });

  it('reaches wide for an outline a tenth of the card off, as a detector box around a turned card leaves it', () => {
    for (const photo of photos) {
      const cx = photo.truth.reduce((sum, p) => sum + p.x, 0) / 4;
      const cy = photo.truth.reduce((sum, p) => sum + p.y, 0) / 4;
      const shift = 0.08 * photo.cardHeight;
      const start = photo.truth.map((p) => ({ x: cx + (p.x - cx) * 1.1 + shift, y: cy + (p.y - cy) * 1.1 + shift })) as Quad;
      const near = alignQuad(photo.sampler, start, card.thumbnail, verify);
      const wide = alignQuad(photo.sampler, start, card.thumbnail, verify, { wide: true });
      expect(maxCornerDistance(wide.quad, photo.truth)).toBeLessThan(0.02 * photo.cardHeight);
      expect(wide.whole).toBeGreaterThan(near.whole + 0.1);
    }
  });

  it('brings an outline off as a whole and at one corner much closer, lining up with the right card better than with another', () => {
    for (const photo of photos) {
      const start = disturbed(photo);
      const right = alignQuad(photo.sampler, start, card.thumbnail, verify);
      const wrong = alignQuad(photo.sampler, start, otherCard.thumbnail, verify);
      expect(maxCornerDistance(right.quad, photo.truth)).toBeLessThan(0.5 * maxCornerDistance(start, photo.truth));
      expect(right.whole).toBeGreaterThan(wrong.whole + 0.2);
    }
  });

  it("compares the photo's bottom strip through the aligned outline, which matches the right card's strip better", () => {
    for (const photo of photos) {
      const right = alignToCandidate(photo.sampler, disturbed(photo), card, verify);
      const wrong = alignToCandidate(photo.sampler, disturbed(photo), otherCard, verify);
      expect(right.strip).toBeGreaterThan(wrong.strip);
    }
  });
});
