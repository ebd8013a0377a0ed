import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { identifySettings } from '../identify-settings.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog } from '../../../fixtures/identify/generate-test-catalog.ts';
import { decodedTestPhoto } from '../../test-support/test-photo.ts';
import { fingerprintCard, type CardFingerprint } from '../describe/card-fingerprint.ts';
import { pointInQuad, type Quad } from '../geometry/card-quad.ts';
import { fingerprintCardImage } from '../describe/fingerprint-card-image.ts';
import { FingerprintIndex, type IndexedPrinting, type SearchPool } from './fingerprint-index.ts';
import { loadOpenCv } from '../image/opencv.ts';
import { rectifyCards } from '../rectify/rectify-card.ts';

const stripWeight = identifySettings.search.stripHashWeight.value;

// Photos in which the card lies wholly inside the frame and has no sleeve.
const photoSeeds = [2, 4];

/** The card read through its outline with the top side 6% of the card's height low and the right side 6% in. */
async function readOffOutline(cardPng: Buffer, seed: number): Promise<CardFingerprint> {
  const { image, truth } = await decodedTestPhoto(cardPng, { seed });
  const off: Quad = [pointInQuad(truth, 0, 0.06), pointInQuad(truth, 0.94, 0.06), pointInQuad(truth, 0.94, 1), pointInQuad(truth, 0, 1)];
  const [card] = rectifyCards(await loadOpenCv(), image, [off], identifySettings.rectify);
  return fingerprintCard(card!);
}

describe('fingerprint index search', () => {
  let dir: string;
  let index: FingerprintIndex;
  let fingerprints: CardFingerprint[];
  let shown: number[];
  let readings: CardFingerprint[][];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'card-lens-index-'));
    const catalog = await generateTestCatalog(dir, { seed: 5, sets: 2, cards: 30, reprints: 0, outside: 0 });
    const printings: IndexedPrinting[] = [];
    fingerprints = [];
    for (const printing of catalog.printings) {
      fingerprints.push(await fingerprintCardImage(readFileSync(printing.imageFile)));
      const cardId = `${printing.setId}-${printing.localId}`;
      printings.push({ printingId: printing.printingId, cardId, cardName: printing.cardName, setName: printing.setId, setCode: printing.setId, number: printing.localId, setTotal: null, variant: 'normal', language: printing.language, image: null });
    }
    index = FingerprintIndex.fromFingerprints(printings, fingerprints);
    shown = [0, 7, 19];
    readings = [];
    for (const position of shown) {
      const png = readFileSync(catalog.printings[position]!.imageFile);
      readings.push(await Promise.all(photoSeeds.map((seed) => readOffOutline(png, seed))));
    }
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds a catalogue image itself, at distance 0, first', () => {
    const position = 11;
    const [matches] = index.search([fingerprints[position]!.hashes], { near: 3, roughlyNear: 0, stripWeight });
    expect(matches![0]).toEqual({ position, distance: 0 });
    expect(matches).toHaveLength(3);
  });

  it('ranks the card read through an outline 6% off nearer by its lowest frequencies than by every bit', () => {
    const rankOf = (position: number, reading: CardFingerprint, pool: SearchPool) =>
      index.search([reading.hashes], pool)[0]!.findIndex((match) => match.position === position);
    shown.forEach((position, k) => {
      for (const reading of readings[k]!) {
        const byEveryBit = rankOf(position, reading, { near: index.size, roughlyNear: 0, stripWeight });
        const byLowest = rankOf(position, reading, { near: 0, roughlyNear: index.size, stripWeight });
        expect(byLowest).toBeLessThan(5);
        expect(byLowest).toBeLessThan(byEveryBit);
      }
    });
  });

  it('keeps the nearest by every bit and adds those nearest by the lowest frequencies, once each', () => {
    const [matches] = index.search([readings[0]![0]!.hashes], { near: 4, roughlyNear: 4, stripWeight });
    const positions = matches!.map((match) => match.position);
    expect(new Set(positions).size).toBe(positions.length);
    expect(positions.length).toBeGreaterThan(4);
    expect(positions.slice(0, 4)).toEqual(index.search([readings[0]![0]!.hashes], { near: 4, roughlyNear: 0, stripWeight })[0]!.map((match) => match.position));
  });
});
