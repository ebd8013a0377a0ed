import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateTestCatalog, generateTestPhotos, testAssetsBase, type TestCatalog, type TestPhoto } from '../../../fixtures/identify/generate-test-catalog.ts';
import { buildTestApp, readFixtureJson, testBackends, type TestApp } from '../../test-support/test-database.ts';
import { createBackgroundIndexer, type IndexStatus } from './background-indexer.ts';
import { createFingerprintRepository } from './fingerprint-repository.ts';
import { indexCatalog } from './index-catalog.ts';
import { photoUpload } from '../../test-support/photo-upload.ts';

const outDir = fileURLToPath(new URL('../../../fixtures/identify/out/background-index', import.meta.url));

async function statusWhen(test: TestApp, done: (status: IndexStatus) => boolean): Promise<IndexStatus> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const status = (await test.app.inject({ method: 'GET', url: '/v1/vision/status' })).json() as IndexStatus;
    if (done(status)) return status;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the index never reached the awaited state');
}

describe.each(testBackends())('a new install learns its cards by itself on $name', (backend) => {
  let catalog: TestCatalog;
  let photos: TestPhoto[];
  let mirror: FastifyInstance;
  let mirrorUrl: string;

  beforeAll(async () => {
    catalog = await generateTestCatalog(outDir, { seed: 23, sets: 1, cards: 14, reprints: 0, outside: 0 });
    photos = await generateTestPhotos(catalog, { seed: 29, inCatalog: 3, outside: 0, hard: false });
    mirror = Fastify();
    await mirror.register(fastifyStatic, { root: catalog.imagesDir });
    await mirror.listen({ port: 0, host: '127.0.0.1' });
    mirrorUrl = `http://127.0.0.1:${(mirror.server.address() as AddressInfo).port}`;
  }, 120_000);
  afterAll(() => mirror?.close());

  const start = (assetsBaseUrl: string) =>
    buildTestApp(backend, { catalog: JSON.parse(readFileSync(catalog.catalogFile, 'utf8')), env: { INDEX_IMAGES: 'true', ASSETS_BASE_URL: assetsBaseUrl } });

  it('indexes the catalogue from the image host after start, and then identifies with no command run', async () => {
    const test = await start(mirrorUrl);
    try {
      await test.app.ready();
      const status = await statusWhen(test, (s) => s.ready && !s.building);
      expect(status).toEqual({ building: false, indexed: 14, total: 14, failed: 0, ready: true, imagesUnavailable: false, autoIndex: true });
      const response = await test.app.inject({ method: 'POST', url: '/v1/vision/identify', ...photoUpload(readFileSync(photos[0]!.file)) });
      expect(response.statusCode).toBe(200);
      expect(response.json().candidates[0].printingId).toBe(photos[0]!.printingId);
    } finally {
      await test.close();
    }
  }, 120_000);

  it('says so too for a catalogue with fewer images than it takes failures to tell', async () => {
    const test = await buildTestApp(backend, { catalog: readFixtureJson(), env: { INDEX_IMAGES: 'true', ASSETS_BASE_URL: 'http://127.0.0.1:1' } });
    try {
      await test.app.ready();
      expect(await statusWhen(test, (s) => !s.building && s.total > 0)).toMatchObject({ ready: false, indexed: 0, total: 9, failed: 9, imagesUnavailable: true });
    } finally {
      await test.close();
    }
  }, 120_000);

  it('a server that does not learn cards itself reports those learned for it, as ready', async () => {
    const test = await buildTestApp(backend, { catalog: JSON.parse(readFileSync(catalog.catalogFile, 'utf8')), env: { INDEX_IMAGES: 'false' } });
    try {
      // Learned by `catalog:index` or another server before this one starts.
      await indexCatalog(createFingerprintRepository(test.app.db), { assetsBaseUrl: testAssetsBase, imagesDir: catalog.imagesDir });
      await test.app.ready();
      const status = (await test.app.inject({ method: 'GET', url: '/v1/vision/status' })).json() as IndexStatus;
      expect(status).toEqual({ building: false, indexed: 14, total: 14, failed: 0, ready: true, imagesUnavailable: false, autoIndex: false });
    } finally {
      await test.close();
    }
  }, 120_000);

  it('says that card images cannot be downloaded when the image host is down', async () => {
    const test = await start('http://127.0.0.1:1');
    try {
      await test.app.ready();
      const status = await statusWhen(test, (s) => s.imagesUnavailable);
      expect(status).toMatchObject({ ready: false, indexed: 0, total: 14 });
      const response = await test.app.inject({ method: 'POST', url: '/v1/vision/identify', ...photoUpload(readFileSync(photos[0]!.file)) });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('10');
      expect(response.json()).toMatchObject({ status: 503, message: expect.stringContaining('card images could not be downloaded from http://127.0.0.1:1') });
    } finally {
      await test.close();
    }
  }, 120_000);

  it('logs an unreachable image host once, not at every retry', async () => {
    const test = await buildTestApp(backend, { catalog: readFixtureJson(), env: { INDEX_IMAGES: 'false' } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const indexer = createBackgroundIndexer(createFingerprintRepository(test.app.db), { assetsBaseUrl: 'http://127.0.0.1:1' }, async () => 0, { autoIndex: true });
    try {
      for (let build = 0; build < 2; build++) {
        indexer.start();
        await expect.poll(() => indexer.status().building, { timeout: 60_000 }).toBe(false);
      }
      const lines = logged.mock.calls.map((call) => String(call[0]));
      expect(lines.filter((line) => line.includes('cannot be reached'))).toEqual([
        expect.stringContaining('Card index: the image host http://127.0.0.1:1 cannot be reached'),
      ]);
      expect(lines.filter((line) => line.includes('skipped'))).toEqual([]);
    } finally {
      logged.mockRestore();
      await indexer.stop();
      await test.close();
    }
  }, 120_000);
});
