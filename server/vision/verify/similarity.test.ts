import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog } from '../../../fixtures/identify/generate-test-catalog.ts';
import { artCells, artOfThumbnail, thumbnailSize, type CardFingerprint } from '../describe/card-fingerprint.ts';
import { fingerprintCardImage } from '../describe/fingerprint-card-image.ts';
import { shiftedCorrelation } from '../image/correlation.ts';

const wholeCorrelation = (a: CardFingerprint, b: CardFingerprint) => shiftedCorrelation(a.thumbnail, b.thumbnail, thumbnailSize.width, thumbnailSize.height, 0, 0);
const artCorrelation = (a: CardFingerprint, b: CardFingerprint) =>
  shiftedCorrelation(artOfThumbnail(a.thumbnail), artOfThumbnail(b.thumbnail), artCells.width, artCells.height, 0, 0);

describe("a card's art box in its similarity", () => {
  let dir: string;
  let cards: CardFingerprint[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'card-lens-similarity-'));
    const catalog = await generateTestCatalog(dir, { seed: 12, sets: 1, cards: 6, reprints: 0, outside: 0 });
    cards = await Promise.all(catalog.printings.map((printing) => fingerprintCardImage(readFileSync(printing.imageFile))));
  }, 60_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('tells two cards of one layout apart by their artwork more than by the whole card', () => {
    for (let i = 1; i < cards.length; i++) {
      const [a, b] = [cards[0]!, cards[i]!];
      expect(artCorrelation(a, a)).toBeCloseTo(1, 5);
      expect(artCorrelation(a, b)).toBeLessThan(wholeCorrelation(a, b));
    }
  });
});
