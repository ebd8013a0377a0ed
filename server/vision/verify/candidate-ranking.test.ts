import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { identifySettings } from '../identify-settings.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog } from '../../../fixtures/identify/generate-test-catalog.ts';
import { buildTestApp, testBackends, type TestApp } from '../../test-support/test-database.ts';
import { decodedTestPhoto } from '../../test-support/test-photo.ts';
import { scorePrintings } from '../answer/artwork-scores.ts';
import type { Contender } from '../search/shortlist.ts';
import { CandidateRanking } from './candidate-ranking.ts';
import { fingerprintCard } from '../describe/card-fingerprint.ts';
import { pointInQuad, type Quad } from '../geometry/card-quad.ts';
import type { FingerprintIndex } from '../search/fingerprint-index.ts';
import { createFingerprintRepository, type FingerprintRepository } from '../catalog-index/fingerprint-repository.ts';
import { indexCatalog } from '../catalog-index/index-catalog.ts';
import { loadOpenCv } from '../image/opencv.ts';
import { PhotoSampler } from '../rectify/photo-sampler.ts';
import { rectifyCards } from '../rectify/rectify-card.ts';

describe('CandidateRanking', () => {
  const assetsBaseUrl = 'https://assets.tcgdex.net';
  let dir: string;
  let test: TestApp;
  let repository: FingerprintRepository;
  let index: FingerprintIndex;
  let sampler: PhotoSampler;
  let wellRead: Contender;
  let readLow: Contender;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'card-lens-ranking-'));
    const catalog = await generateTestCatalog(dir, { seed: 9, sets: 1, cards: 8, reprints: 0, outside: 0 });
    const [pglite] = testBackends();
    test = await buildTestApp(pglite!, { catalog: JSON.parse(readFileSync(catalog.catalogFile, 'utf8')) });
    repository = createFingerprintRepository(test.app.db);
    await indexCatalog(repository, { assetsBaseUrl, imagesDir: catalog.imagesDir });
    index = await repository.loadIndex();
    const shown = catalog.printings[3]!;
    const { image, truth } = await decodedTestPhoto(readFileSync(shown.imageFile), { seed: 4 });
    sampler = new PhotoSampler(image);
    // The bottom side a tenth of the card too high: the card at a glance, its bottom strip misread.
    const low: Quad = [truth[0], truth[1], pointInQuad(truth, 1, 0.9), pointInQuad(truth, 0, 0.9)];
    const position = index.printings.findIndex((printing) => printing.printingId === shown.printingId);
    const cv = await loadOpenCv();
    const contender = (quad: Quad, coarse: number): Contender => {
      const [card] = rectifyCards(cv, image, [quad], identifySettings.rectify);
      const fingerprint = fingerprintCard(card!);
      return { position, reading: { fingerprint, quad }, coarse, hashDistance: index.distance(fingerprint.hashes, position, identifySettings.search.stripHashWeight.value) };
    };
    // Coarse correlations as the search might give them: the poorer reading looks better at a glance.
    wellRead = contender(truth, 0.5);
    readLow = contender(low, 0.8);
  }, 120_000);

  afterAll(async () => {
    await test?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const similarityAfter = async (...steps: Contender[][]) => {
    const ranking = new CandidateRanking(index, repository, sampler, identifySettings.verify, identifySettings.search.stripHashWeight.value);
    for (const contenders of steps) await ranking.add(contenders);
    return scorePrintings(ranking.groups(), [], index.printings, identifySettings.answer)[0]!.similarity;
  };

  it('judges a printing through the reading it is most alike through, whichever came first', async () => {
    const wellReadAlone = await similarityAfter([wellRead]);
    expect(await similarityAfter([readLow])).toBeLessThan(wellReadAlone - 0.05);
    expect(await similarityAfter([wellRead], [readLow])).toBe(wellReadAlone);
    expect(await similarityAfter([readLow], [wellRead])).toBe(wellReadAlone);
  });
});
