import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { generateTestCatalog, generateTestPhotos, type TestCatalog, type TestPhoto } from '../../../fixtures/identify/generate-test-catalog.ts';
import { buildApp } from '../../app.ts';
import { importCatalog } from '../../catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../../catalog/import/read-tcgdex-file.ts';
import { photoUpload } from '../../test-support/photo-upload.ts';
import { testBackends, testConfig } from '../../test-support/test-database.ts';
import { createFingerprintRepository } from '../catalog-index/fingerprint-repository.ts';
import { indexCatalog } from '../catalog-index/index-catalog.ts';

const outDir = fileURLToPath(new URL('../../../fixtures/identify/out/several-servers', import.meta.url));
interface DemoCard {
  setId: string;
  localId: string;
}

const postgres = testBackends().find((backend) => backend.name === 'postgres');

// Several servers behind a load balancer share one PostgreSQL; PGlite belongs to one process.
describe.skipIf(postgres === undefined)('two servers on one PostgreSQL', () => {
  let catalog: TestCatalog;
  let photos: TestPhoto[];
  let drop: () => Promise<void>;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    catalog = await generateTestCatalog(outDir, { seed: 21, sets: 1, cards: 6, reprints: 0, outside: 0 });
    photos = await generateTestPhotos(catalog, { seed: 22, inCatalog: 2, outside: 0, hard: false });
    const database = postgres!.open();
    drop = database.drop;
    first = await buildApp({ config: testConfig(), database: database.options });
    second = await buildApp({ config: testConfig(), database: database.options });
    await Promise.all([first.ready(), second.ready()]);
  }, 120_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
  });

  const identify = (app: FastifyInstance, photo: TestPhoto) =>
    app.inject({ method: 'POST', url: '/v1/vision/identify', ...photoUpload(readFileSync(photo.file), 'file') });

  const topMatch = async (app: FastifyInstance, photo: TestPhoto) => {
    const response = await identify(app, photo);
    return response.statusCode === 200 ? (response.json() as { candidates: Array<{ printingId: string }> }).candidates[0]?.printingId : response.statusCode;
  };
  const ready = async (app: FastifyInstance) => ((await app.inject({ url: '/v1/vision/status' })).json() as { ready: boolean }).ready;

  /** Imports the catalogue, without the cards `without` names, and indexes it, through the first server's database. */
  async function importAndIndex(without: (card: DemoCard) => boolean) {
    const demo = JSON.parse(readFileSync(catalog.catalogFile, 'utf8')) as { sets: unknown[]; cards: DemoCard[] };
    await importCatalog(first.db, readTcgdexFile({ ...demo, cards: demo.cards.filter((card) => !without(card)) }));
    await indexCatalog(createFingerprintRepository(first.db), { assetsBaseUrl: 'https://assets.tcgdex.net', imagesDir: catalog.imagesDir });
  }

  it('a card imported and indexed through one is identified by the other, without a restart', async () => {
    const [known, added] = photos as [TestPhoto, TestPhoto];
    const addedPrinting = catalog.printings.find((printing) => printing.printingId === added.printingId)!;
    const isAdded = (card: DemoCard) => card.setId === addedPrinting.setId && card.localId === addedPrinting.localId;
    expect((await identify(second, known)).statusCode).toBe(503);

    await importAndIndex(isAdded);
    await expect.poll(() => ready(second), { timeout: 20_000, interval: 250 }).toBe(true);
    expect(await topMatch(second, known)).toBe(known.printingId);
    expect(await topMatch(second, added)).not.toBe(added.printingId);

    await importAndIndex(() => false);
    await expect.poll(() => topMatch(second, added), { timeout: 20_000, interval: 250 }).toBe(added.printingId);
  }, 120_000);
});
