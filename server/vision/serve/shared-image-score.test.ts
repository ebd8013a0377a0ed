import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog, generateTestPhotos, type TestPhoto } from '../../../fixtures/identify/generate-test-catalog.ts';
import { buildTestApp, testBackends, type TestApp } from '../../test-support/test-database.ts';
import { createFingerprintRepository } from '../catalog-index/fingerprint-repository.ts';
import { createIdentifyService } from './identify-service.ts';
import { indexCatalog } from '../catalog-index/index-catalog.ts';

const outDir = fileURLToPath(new URL('../../../fixtures/identify/out/shared-image', import.meta.url));

/** A catalogue as TCGdex has it: each card printed as normal and reverse holo, both from one image. */
function withReverseVariants(catalog: { cards: Array<Record<string, unknown>> }) {
  return { ...catalog, cards: catalog.cards.map((card) => ({ ...card, variants: { normal: true, reverse: true } })) };
}

describe('scores of printings that share one image', () => {
  let test: TestApp;
  let photos: TestPhoto[];

  beforeAll(async () => {
    const catalog = await generateTestCatalog(outDir, { seed: 13, sets: 2, cards: 10, reprints: 2, outside: 0 });
    photos = await generateTestPhotos(catalog, { seed: 17, inCatalog: 8, outside: 0, hard: false });
    const [pglite] = testBackends();
    test = await buildTestApp(pglite!, { catalog: withReverseVariants(JSON.parse(readFileSync(catalog.catalogFile, 'utf8'))) });
    await indexCatalog(createFingerprintRepository(test.app.db), { assetsBaseUrl: 'https://assets.tcgdex.net', imagesDir: catalog.imagesDir });
  }, 240_000);
  afterAll(() => test?.close());

  it('the normal and reverse holo of the card shown score alike, and lead the answer', async () => {
    const identify = createIdentifyService(createFingerprintRepository(test.app.db), { assetsBaseUrl: 'https://assets.tcgdex.net' });
    let bothShown = 0;
    for (const photo of photos) {
      const candidates = await identify.identify(readFileSync(photo.file));
      const shown = photo.printingId!.replace(/-(normal|reverse)$/, '');
      const variants = candidates.filter((candidate) => candidate.printingId.startsWith(shown));
      if (variants.length === 2) {
        bothShown += 1;
        expect(variants[0]!.score).toBe(variants[1]!.score);
        expect(candidates[0]!.printingId.startsWith(shown)).toBe(true);
      }
    }
    expect(bothShown).toBeGreaterThanOrEqual(photos.length - 1);
  }, 180_000);
});
