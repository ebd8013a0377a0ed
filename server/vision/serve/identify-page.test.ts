import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeTestPage } from '../../../fixtures/identify/compose-test-page.ts';
import { generateTestCatalog, type TestCatalog, type TestPrinting } from '../../../fixtures/identify/generate-test-catalog.ts';
import { photoUpload } from '../../test-support/photo-upload.ts';
import { buildTestApp, testBackends, type TestApp } from '../../test-support/test-database.ts';
import { indexCatalog } from '../catalog-index/index-catalog.ts';
import { createFingerprintRepository } from '../catalog-index/fingerprint-repository.ts';

const outDir = fileURLToPath(new URL('../../../fixtures/identify/out/test', import.meta.url));

interface PageAnswer {
  cards: Array<{ quad: Array<[number, number]>; candidates: Array<{ printingId: string; score: number }> }>;
}

const centre = (quad: Array<[number, number]>) => ({ x: quad.reduce((sum, [x]) => sum + x, 0) / 4, y: quad.reduce((sum, [, y]) => sum + y, 0) / 4 });
// Shoelace: the area the answer's corners outline.
const area = (quad: Array<[number, number]>) => Math.abs(quad.reduce((sum, [x, y], i) => sum + x * quad[(i + 1) % 4]![1] - quad[(i + 1) % 4]![0] * y, 0)) / 2;
const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe.each(testBackends())('POST /v1/vision/identify-page on $name', (backend) => {
  let catalog: TestCatalog;
  let test: TestApp;
  let empty: TestApp;
  let distinct: TestPrinting[];

  beforeAll(async () => {
    // The same catalogue as identify.test.ts, so the generated images are shared.
    catalog = await generateTestCatalog(outDir, { seed: 3, sets: 4, cards: 30, reprints: 6, outside: 8, translations: 4 });
    test = await buildTestApp(backend, { catalog: JSON.parse(readFileSync(catalog.catalogFile, 'utf8')) });
    await indexCatalog(createFingerprintRepository(test.app.db), { assetsBaseUrl: 'https://assets.tcgdex.net', imagesDir: catalog.imagesDir });
    empty = await buildTestApp(backend);
    // Cards whose artwork no other printing shares: each has one right answer.
    distinct = catalog.printings.filter((printing) => printing.sameArtAs === null && !catalog.printings.some((other) => other.sameArtAs === printing.printingId));
  }, 240_000);

  afterAll(async () => {
    await test?.close();
    await empty?.close();
  });

  const identifyPage = (app: TestApp, bytes: Buffer, field = 'photo') => app.app.inject({ method: 'POST', url: '/v1/vision/identify-page', ...photoUpload(bytes, field) });

  const cardHeight = 420;
  const cardWidth = (cardHeight * 63) / 88;

  async function expectEveryCard(page: Awaited<ReturnType<typeof composeTestPage>>) {
    const response = await identifyPage(test, page.jpeg);
    expect(response.statusCode).toBe(200);
    const { cards } = response.json() as PageAnswer;
    expect(cards).toHaveLength(page.cards.length);
    const expected = page.cards.map(({ imageFile, centre }) => ({ printingId: catalog.printings.find((p) => p.imageFile === imageFile)!.printingId, centre }));
    // The answer for a card is centred on it: within a fifth of the card's short side.
    const answers = expected.map((card) => cards.find((answer) => distance(centre(answer.quad), card.centre) < 0.2 * cardWidth));
    expect(answers.map((answer) => answer?.candidates[0]?.printingId)).toEqual(expected.map(({ printingId }) => printingId));
    // Each card outlined as itself, not in a box around it that takes in its neighbours.
    for (const answer of answers) expect(area(answer!.quad) / (cardWidth * cardHeight)).toBeLessThan(1.2);
  }

  it('answers every card of a binder page with its corners and its name, and nothing for an empty pocket', async () => {
    const pockets = [...distinct.slice(0, 4).map((p) => p.imageFile), null, ...distinct.slice(4, 8).map((p) => p.imageFile)];
    await expectEveryCard(await composeTestPage({ pockets, columns: 3, cardHeight, gap: 36 }));
  }, 120_000);

  it('finds the cards of a page photographed in landscape', async () => {
    const pockets = distinct.slice(8, 14).map((p) => p.imageFile);
    await expectEveryCard(await composeTestPage({ pockets, columns: 3, cardHeight, gap: 36, turn: 90 }));
  }, 120_000);

  it('finds the cards of a page lying at a slant', async () => {
    const pockets = distinct.slice(14, 18).map((p) => p.imageFile);
    await expectEveryCard(await composeTestPage({ pockets, columns: 2, cardHeight, gap: 36, turn: 35 }));
  }, 120_000);

  it('answers no cards for a photo with none', async () => {
    const page = await composeTestPage({ pockets: [null, null, null, null], columns: 2, cardHeight, gap: 36 });
    const response = await identifyPage(test, page.jpeg);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cards: [] });
  });

  it('refuses what /v1/vision/identify refuses, naming the field "photo"', async () => {
    const page = await composeTestPage({ pockets: [distinct[0]!.imageFile], columns: 1, cardHeight, gap: 36 });
    const wrongField = await identifyPage(test, page.jpeg, 'file');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ code: 'photo_missing', message: expect.stringContaining('"photo"') });

    const notAnImage = await identifyPage(test, Buffer.from('these are not the pixels you are looking for'));
    expect(notAnImage.statusCode).toBe(415);
    expect(notAnImage.json()).toMatchObject({ code: 'photo_not_an_image' });

    const notMultipart = await test.app.inject({ method: 'POST', url: '/v1/vision/identify-page', payload: page.jpeg, headers: { 'content-type': 'image/jpeg' } });
    expect(notMultipart.statusCode).toBe(415);

    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#333' } }).jpeg({ quality: 10 }).toBuffer();
    const tooManyPixels = await identifyPage(test, huge);
    expect(tooManyPixels.statusCode).toBe(400);
    expect(tooManyPixels.json()).toMatchObject({ code: 'photo_too_many_pixels' });

    const notIndexed = await identifyPage(empty, page.jpeg);
    expect(notIndexed.statusCode).toBe(503);
    expect(notIndexed.json().message).toContain('npm run catalog:import');
  }, 60_000);
});
