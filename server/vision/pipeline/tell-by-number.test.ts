import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RankedPrinting } from '../answer/artwork-scores.ts';
import type { Quad } from '../geometry/card-quad.ts';
import { identifySettings } from '../identify-settings.ts';
import { loadOpenCv } from '../image/opencv.ts';
import { loadTextModels } from '../read-number/ocr-models.ts';
import { readCollectorNumber } from '../read-number/read-collector-number.ts';
import type { IndexedPrinting } from '../search/fingerprint-index.ts';
import type { ArtworkGroup } from '../verify/candidate-ranking.ts';
import { tellByNumber, type ReadNumber } from './tell-by-number.ts';

// A real phone photo of Lugia V, 186/195 (the shared detector data set, CC BY 4.0), and the card's outline in it.
const photo = fileURLToPath(new URL('../../../../shared/datasets/pokemon-card-outliner-train/images/temp_image_jpg.rf.996dfe058ced7912dc89cf0def9074ff.jpg', import.meta.url));
const outline: Quad = [
  { x: 287, y: 600 },
  { x: 2520, y: 600 },
  { x: 2520, y: 3563 },
  { x: 287, y: 3563 },
];

const printing = (printingId: string, number: string, setTotal: number | null, image: string): IndexedPrinting => ({
  printingId,
  cardId: printingId,
  cardName: 'Lugia V',
  setName: 'a set',
  setCode: 'SET',
  number,
  setTotal,
  variant: 'normal',
  language: 'fr',
  image,
});

/** Printings of one picture scored as the search leaves them: the artwork sure, the printings split as their pixels could not tell them apart. */
function scoredGroup(members: number[], artworkScore = 99): { scored: RankedPrinting[]; groups: ArtworkGroup[] } {
  const scored = members.map((position, k) => ({ position, printingId: `p${position}`, score: k === 0 ? 55 : 45, similarity: 0.9, lead: 0.3, artworkScore }));
  return { scored, groups: [members.map((position) => ({ position, value: 0.9 }))] };
}

describe('telling printings of one picture apart by their collector number', () => {
  let readNumber: ReadNumber;
  let reads = 0;
  beforeAll(async () => {
    const [cv, models] = await Promise.all([loadOpenCv(), loadTextModels()]);
    const bytes = new Uint8Array(readFileSync(photo));
    readNumber = (seen, enough) => {
      reads++;
      expect(seen).toEqual(outline);
      return readCollectorNumber(cv, models, bytes, seen, 1, identifySettings.numbers, enough);
    };
  });
  const ranking = { outlineOf: () => outline };

  it('puts the printing whose number is on the card first, with the sure artwork\'s score', async () => {
    const printings = [printing('other-number', '138', 195, 'a'), printing('photographed', '186', 195, 'b')];
    const { scored, groups } = scoredGroup([0, 1]);
    const told = await tellByNumber(scored, groups, ranking, printings, readNumber, identifySettings);
    expect(told[0]!.position).toBe(1);
    expect(told[0]!.score).toBeGreaterThanOrEqual(90);
    expect(told[1]!.score).toBeLessThan(10);
    expect(told.some((ranked) => ranked.printingNotInCatalogue)).toBe(false);
  });

  it('tells apart printings of one number in sets of other sizes (a reprint keeps its number, not its total)', async () => {
    const printings = [printing('reprint', '186', 203, 'a'), printing('photographed', '186', 195, 'b')];
    const told = await tellByNumber(scoredGroup([0, 1]).scored, scoredGroup([0, 1]).groups, ranking, printings, readNumber, identifySettings);
    expect(told[0]!.printingId).toBe('p1');
  });

  it('says the printing is missing when the number read fits none of the picture\'s printings, and keeps them under the auto-add score', async () => {
    const printings = [printing('first', '138', 195, 'a'), printing('second', '20', 30, 'b')];
    const { scored, groups } = scoredGroup([0, 1]);
    const told = await tellByNumber(scored, groups, ranking, printings, readNumber, identifySettings);
    expect(told.map((ranked) => ranked.printingId).sort()).toEqual(['p0', 'p1']);
    for (const ranked of told) {
      expect(ranked.printingNotInCatalogue).toBe(true);
      expect(ranked.score).toBeLessThanOrEqual(identifySettings.printing.contradictedScore.value);
    }
  });

  it('reads nothing when the picture has one printing, or its printings share their number', async () => {
    const before = reads;
    const alone = scoredGroup([0]);
    expect(await tellByNumber(alone.scored, alone.groups, ranking, [printing('only', '1', 10, 'a')], readNumber, identifySettings)).toEqual(alone.scored);
    const variants = scoredGroup([0, 1]);
    const printings = [printing('normal', '186', 195, 'a'), printing('reverse', '186', 195, 'b')];
    expect(await tellByNumber(variants.scored, variants.groups, ranking, printings, readNumber, identifySettings)).toEqual(variants.scored);
    expect(reads).toBe(before);
  });

  it('reads nothing when the printings\' own pixels already gave one of them nearly all the chance', async () => {
    const before = reads;
    const { scored, groups } = scoredGroup([0, 1]);
    const told = [{ ...scored[0]!, score: 95 }, { ...scored[1]!, score: 4 }];
    const printings = [printing('other-number', '138', 195, 'a'), printing('photographed', '186', 195, 'b')];
    expect(await tellByNumber(told, groups, ranking, printings, readNumber, identifySettings)).toEqual(told);
    expect(reads).toBe(before);
  });

  it('reads nothing when the artwork itself is not sure: no scan adds it by itself anyway', async () => {
    const before = reads;
    const unsure = scoredGroup([0, 1], 70);
    const printings = [printing('a', '138', 195, 'a'), printing('b', '186', 195, 'b')];
    expect(await tellByNumber(unsure.scored, unsure.groups, ranking, printings, readNumber, identifySettings)).toEqual(unsure.scored);
    expect(reads).toBe(before);
  });
});
