import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog, generateTestPhotos, type TestCatalog, type TestPhoto } from '../../../fixtures/identify/generate-test-catalog.ts';
import { renderPhoto } from '../../../fixtures/identify/render-photo.ts';
import { clientSettings } from '../../../src/lib/client-settings.ts';
import { buildTestApp, testBackends, type TestApp } from '../../test-support/test-database.ts';
import { createFingerprintRepository } from '../catalog-index/fingerprint-repository.ts';
import { indexCatalog } from '../catalog-index/index-catalog.ts';
import type { Candidate } from '../serve/identify-schemas.ts';
import { createIdentifyService, type IdentifyService } from '../serve/identify-service.ts';

const outDir = fileURLToPath(new URL('../../../fixtures/identify/out/printing-reader', import.meta.url));

/** Where a generated card's picture is drawn, in its image's pixels (fixtures/identify/render-card.ts). */
const artBox = { left: 30, top: 72, width: 340, height: 210 };

/** A text box of rules in place of attacks: lines of small print across it (render-card.ts draws attacks). */
const rulesBox = { left: 24, top: 288, width: 352, height: 190 };
const rulesSvg = () =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${rulesBox.width}" height="${rulesBox.height}"><rect width="100%" height="100%" fill="#f4efe0"/>` +
      Array.from({ length: 11 }, (_, line) => `<text x="8" y="${16 + 16 * line}" font-family="DejaVu Sans" font-size="11" font-style="italic" fill="#222">Once during your turn you may move an energy from a benched card</text>`).join('') +
      '</svg>',
  );

/** What a scan session does with an answer: adds its top match by itself at the auto-add score. */
const addedByItself = (candidates: Candidate[]) => (candidates[0]?.score ?? 0) >= clientSettings.autoAddMinScore.value;

describe('a printing missing from the catalogue whose picture is in it', () => {
  let catalog: TestCatalog;
  let test: TestApp;
  /** Photos of cards outside the catalogue that carry a catalogue card's picture, with that card's printing. */
  const otherText: Array<{ file: string; pictureOf: string }> = [];
  let keptPhotos: TestPhoto[];
  let identify: IdentifyService;
  let identifyWithoutReader: IdentifyService;

  beforeAll(async () => {
    catalog = await generateTestCatalog(outDir, { seed: 41, sets: 3, cards: 14, reprints: 2, outside: 4 });
    keptPhotos = await generateTestPhotos(catalog, { seed: 47, inCatalog: catalog.printings.length, outside: 0, folder: 'photos-kept' });
    // A card of another name printed with a catalogue card's picture and rules in place of its
    // attacks, as a later set reprints a picture under new text: the catalogue holds the picture,
    // not this printing.
    mkdirSync(join(outDir, 'other-text'), { recursive: true });
    const pictured = catalog.printings.filter((printing) => printing.sameArtAs === null).slice(0, catalog.outsideFiles.length);
    for (const [k, printing] of pictured.entries()) {
      const picture = await sharp(printing.imageFile).extract(artBox).toBuffer();
      const card = await sharp(catalog.outsideFiles[k]!)
        .composite([
          { input: picture, left: artBox.left, top: artBox.top },
          { input: rulesSvg(), left: rulesBox.left, top: rulesBox.top },
        ])
        .png()
        .toBuffer();
      for (let shot = 0; shot < 3; shot++) {
        const file = join(outDir, 'other-text', `${k}-${shot}.jpg`);
        writeFileSync(file, (await renderPhoto(card, { seed: 100 * k + shot + 1 })).jpeg);
        otherText.push({ file, pictureOf: printing.printingId });
      }
    }
    const [pglite] = testBackends();
    test = await buildTestApp(pglite!, { catalog: JSON.parse(readFileSync(catalog.catalogFile, 'utf8')) });
    await indexCatalog(createFingerprintRepository(test.app.db), { assetsBaseUrl: 'https://assets.tcgdex.net', imagesDir: catalog.imagesDir });
    identify = createIdentifyService(createFingerprintRepository(test.app.db), { assetsBaseUrl: 'https://assets.tcgdex.net' });
    identifyWithoutReader = createIdentifyService(createFingerprintRepository(test.app.db), { assetsBaseUrl: 'https://assets.tcgdex.net', without: ['printing-reader'] });
  }, 300_000);
  afterAll(() => test?.close());

  it('is not added by itself: the printing with its picture is offered, marked as not the one photographed', async () => {
    let added = 0;
    let offeredAsOther = 0;
    let addedWithoutReader = 0;
    for (const photo of otherText) {
      const candidates = await identify.identify(readFileSync(photo.file));
      if (addedByItself(candidates)) added += 1;
      if (candidates.find((candidate) => candidate.printingId === photo.pictureOf)?.printingNotInCatalogue) offeredAsOther += 1;
      if (addedByItself(await identifyWithoutReader.identify(readFileSync(photo.file)))) addedWithoutReader += 1;
    }
    expect(added).toBe(0);
    expect(offeredAsOther).toBeGreaterThanOrEqual(otherText.length / 2);
    // The reader is what keeps them from being added: without it the catalogue's printing is sure.
    expect(addedWithoutReader).toBeGreaterThanOrEqual(otherText.length / 2);
  }, 300_000);

  it('printings in the catalogue are named and added as before, none said to be missing', async () => {
    let right = 0;
    let added = 0;
    for (const photo of keptPhotos) {
      const candidates = await identify.identify(readFileSync(photo.file));
      expect(candidates.filter((candidate) => candidate.printingNotInCatalogue)).toEqual([]);
      if (candidates[0]?.printingId === photo.printingId) right += 1;
      if (addedByItself(candidates)) added += 1;
    }
    expect(right).toBe(keptPhotos.length);
    expect(added).toBeGreaterThanOrEqual(keptPhotos.length - 1);
  }, 300_000);
});
