import { readFileSync } from 'node:fs';
import { identifySettings } from '../identify-settings.ts';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog, generateTestPhotos, type TestCatalog, type TestPhoto } from '../../../fixtures/identify/generate-test-catalog.ts';
import { buildApp } from '../../app.ts';
import { importCatalog } from '../../catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../../catalog/import/read-tcgdex-file.ts';
import { testBackends, testConfig, type TestApp, type TestBackend } from '../../test-support/test-database.ts';
import { cardCornersOnDemand } from '../locate/card-corners-model.ts';
import { cardDetectorOnDemand } from '../locate/card-detector.ts';
import { createFingerprintRepository } from '../catalog-index/fingerprint-repository.ts';
import { createPooledIdentifyService, identifyPoolSettings, type IdentifyPoolSettings } from './identify-pool.ts';
import { createPriceLookup, withPrices } from '../../catalog/prices/price-lookup.ts';
import { createIdentifyService } from './identify-service.ts';
import { indexCatalog } from '../catalog-index/index-catalog.ts';
import { photoUpload } from '../../test-support/photo-upload.ts';

const outDir = fileURLToPath(new URL('../../../fixtures/identify/out/test', import.meta.url));

/** The app with a catalogue whose fingerprints are built, its identification workers set as given. */
async function buildIndexedApp(backend: TestBackend, catalog: TestCatalog, identifyPool: Partial<IdentifyPoolSettings>): Promise<TestApp> {
  const database = backend.open();
  const app = await buildApp({ config: testConfig(), database: database.options, identifyPool });
  await importCatalog(app.db, readTcgdexFile(JSON.parse(readFileSync(catalog.catalogFile, 'utf8'))));
  await indexCatalog(createFingerprintRepository(app.db), { assetsBaseUrl: 'https://assets.tcgdex.net', imagesDir: catalog.imagesDir });
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

describe.each(testBackends())('identification on worker threads on $name', (backend) => {
  let catalog: TestCatalog;
  let photos: TestPhoto[];
  let pooled: TestApp;
  let oneWorker: TestApp;
  let tiny: TestApp;

  beforeAll(async () => {
    catalog = await generateTestCatalog(outDir, { seed: 3, sets: 4, cards: 30, reprints: 6, outside: 8, translations: 4 });
    photos = await generateTestPhotos(catalog, { seed: 5, inCatalog: 36, outside: 8, hard: false });
    pooled = await buildIndexedApp(backend, catalog, { threads: 2 });
    oneWorker = await buildIndexedApp(backend, catalog, { threads: 1 });
    tiny = await buildIndexedApp(backend, catalog, { threads: 1, queue: 1 });
  }, 240_000);

  afterAll(async () => {
    await pooled?.close();
    await oneWorker?.close();
    await tiny?.close();
  });

  const identify = (test: TestApp, photo: TestPhoto) => test.app.inject({ method: 'POST', url: '/v1/vision/identify', ...photoUpload(readFileSync(photo.file)) });

  it('answers the candidates that identifying on the calling thread gives', async () => {
    const inProcess = createIdentifyService(createFingerprintRepository(pooled.app.db), { assetsBaseUrl: 'https://assets.tcgdex.net', detectCards: cardDetectorOnDemand(), findCorners: cardCornersOnDemand(identifySettings.locate) });
    const chosen = [...photos.filter((photo) => photo.printingId !== null).slice(0, 4), ...photos.filter((photo) => photo.printingId === null).slice(0, 2)];
    for (const photo of chosen) {
      const response = await identify(pooled, photo);
      expect(response.statusCode).toBe(200);
      // The route adds each candidate's price from the catalogue.
      expect(response.json()).toEqual({ candidates: await withPrices(await inProcess.identify(readFileSync(photo.file)), createPriceLookup(pooled.app.db)) });
    }
  }, 120_000);

  it('answers /health between one identified photo and the next', async () => {
    const base = await oneWorker.app.listen({ port: 0, host: '127.0.0.1' });
    const upload = async (photo: TestPhoto) => {
      const form = new FormData();
      form.set('file', new Blob([readFileSync(photo.file)], { type: 'image/jpeg' }), 'photo.jpg');
      const response = await fetch(`${base}/v1/vision/identify`, { method: 'POST', body: form });
      await response.arrayBuffer();
      order.push(`identify ${response.status}`);
    };
    const order: string[] = [];
    let identified = false;
    const identifying = Promise.all(photos.slice(0, 4).map(upload)).finally(() => (identified = true));
    // Asked over and over, each once the last is answered, until every photo is answered.
    const asking = (async () => {
      while (!identified) {
        const answer = await fetch(`${base}/health`);
        await answer.arrayBuffer();
        if (order.length > 0 && !identified) order.push(`health ${answer.status}`);
      }
    })();
    await Promise.all([identifying, asking]);
    expect(order.filter((entry) => entry.startsWith('identify'))).toEqual(Array(4).fill('identify 200'));
    // One worker answers the photos one after the other, and /health is answered in between each.
    const identifyAt = order.flatMap((entry, i) => (entry.startsWith('identify') ? [i] : []));
    for (let k = 1; k < identifyAt.length; k++) expect(order.slice(identifyAt[k - 1]! + 1, identifyAt[k]!)).toContain('health 200');
  }, 120_000);

  it('answers 503 with Retry-After when the queue is full', async () => {
    const responses = await Promise.all(photos.slice(0, 5).map((photo) => identify(tiny, photo)));
    const busy = responses.filter((response) => response.statusCode === 503);
    expect(responses.filter((response) => response.statusCode === 200).length).toBeGreaterThan(0);
    expect(busy.length).toBeGreaterThan(0);
    for (const response of busy) {
      expect(response.headers['retry-after']).toMatch(/^\d+$/);
      expect(response.json()).toEqual({ status: 503, error: 'Service Unavailable', code: 'identify_busy', message: expect.stringContaining('busy') });
    }
  }, 120_000);

  it('ranks against the index read again after a reload, on every worker', async () => {
    const service = createPooledIdentifyService(createFingerprintRepository(tiny.app.db), { ranking: { assetsBaseUrl: 'https://assets.tcgdex.net' }, detectCards: false, findCorners: false }, identifyPoolSettings({ threads: 2 }));
    try {
      const photo = photos.find((entry) => entry.printingId !== null)!;
      const bytes = readFileSync(photo.file);
      const onEachWorker = () => Promise.all(Array.from({ length: 4 }, () => service.identify(bytes)));
      expect(await service.reload()).toBe(40);
      expect((await onEachWorker()).map((candidates) => candidates[0]?.printingId)).toEqual(Array(4).fill(photo.printingId));
      await tiny.app.db.deleteFrom('printing_fingerprint').where('printing_id', '=', photo.printingId!).execute();
      expect(await service.reload()).toBe(39);
      for (const candidates of await onEachWorker()) expect(candidates.map((candidate) => candidate.printingId)).not.toContain(photo.printingId);
    } finally {
      await service.close();
    }
  }, 120_000);

  it('ends idle workers, giving their memory back, and starts them again for the next photo', async () => {
    const service = createPooledIdentifyService(createFingerprintRepository(pooled.app.db), { ranking: { assetsBaseUrl: 'https://assets.tcgdex.net' }, detectCards: false, findCorners: false }, identifyPoolSettings({ threads: 2, idleTimeoutMs: 200 }));
    try {
      const photo = photos.find((entry) => entry.printingId !== null)!;
      const bytes = readFileSync(photo.file);
      const first = await service.identify(bytes);
      expect(first[0]?.printingId).toBe(photo.printingId);
      expect(service.runningWorkers()).toBeGreaterThan(0);
      await expect.poll(() => service.runningWorkers(), { timeout: 10_000 }).toBe(0);
      expect(await service.identify(bytes)).toEqual(first);
    } finally {
      await service.close();
    }
  }, 120_000);
});
