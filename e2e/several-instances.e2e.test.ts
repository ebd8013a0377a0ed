import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTestCatalog, generateTestPhotos, type TestCatalog, type TestPhoto } from '../fixtures/identify/generate-test-catalog.ts';
import { freePort } from '../server/test-support/free-port.ts';
import { startServer, stop, waitForHealth } from './server-process.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

interface DemoCard {
  setId: string;
  localId: string;
}

function run(command: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('node', command, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`${command.join(' ')} exited with ${code}`))));
  });
}

async function topMatch(url: string, photo: TestPhoto): Promise<string | number | undefined> {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(photo.file)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${url}/v1/vision/identify`, { method: 'POST', body: form });
  if (response.status !== 200) return response.status;
  return ((await response.json()) as { candidates: Array<{ printingId: string }> }).candidates[0]?.printingId;
}

// Instances behind a load balancer share one PostgreSQL and nothing else; PGlite belongs to one process.
describe.skipIf(databaseUrl === undefined)('two server processes on one PostgreSQL', () => {
  const schema = `e2e_${randomBytes(6).toString('hex')}`;
  const url = new URL(databaseUrl ?? 'postgres://unused');
  url.searchParams.set('options', `-c search_path=${schema}`);
  const env = { DATABASE_URL: url.toString() };
  const workDir = mkdtempSync(join(tmpdir(), 'card-lens-instances-'));
  let catalog: TestCatalog;
  let known: TestPhoto;
  let added: TestPhoto;
  let mirror: FastifyInstance;
  let indexing: ChildProcess | undefined;
  let answering: ChildProcess | undefined;
  let indexingUrl: string;
  let answeringUrl: string;

  /** Writes the catalogue, less the cards `without` names, and imports it with `npm run catalog:import`. */
  async function importCatalogue(without: (card: DemoCard) => boolean) {
    const demo = JSON.parse(readFileSync(catalog.catalogFile, 'utf8')) as { sets: unknown[]; cards: DemoCard[] };
    const file = join(workDir, `catalog-${randomBytes(3).toString('hex')}.json`);
    writeFileSync(file, JSON.stringify({ ...demo, cards: demo.cards.filter((card) => !without(card)) }));
    await run(['--import', 'tsx', 'server/catalog/import/import-cli.ts', file], env);
  }

  beforeAll(async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${schema}`).finally(() => client.end());

    catalog = await generateTestCatalog('fixtures/identify/out/several-instances', { seed: 31, sets: 1, cards: 6, reprints: 0, outside: 0 });
    [known, added] = (await generateTestPhotos(catalog, { seed: 32, inCatalog: 2, outside: 0, hard: false })) as [TestPhoto, TestPhoto];
    mirror = Fastify();
    await mirror.register(fastifyStatic, { root: resolve(catalog.imagesDir) });
    await mirror.listen({ port: 0, host: '127.0.0.1' });
    const assets = { ASSETS_BASE_URL: `http://127.0.0.1:${(mirror.server.address() as AddressInfo).port}` };

    // Before any server starts, so neither seeds the demo catalogue.
    const addedPrinting = catalog.printings.find((printing) => printing.printingId === added.printingId)!;
    await importCatalogue((card) => card.setId === addedPrinting.setId && card.localId === addedPrinting.localId);

    const [indexingPort, answeringPort] = [await freePort(), await freePort()];
    indexingUrl = `http://127.0.0.1:${indexingPort}`;
    answeringUrl = `http://127.0.0.1:${answeringPort}`;
    const server = { ...env, ...assets, STATIC_DIR: '/nonexistent-card-lens-static' };
    indexing = startServer(indexingPort, { ...server, DATA_DIR: join(workDir, 'indexing'), INDEX_IMAGES: 'true' });
    answering = startServer(answeringPort, { ...server, DATA_DIR: join(workDir, 'answering'), INDEX_IMAGES: 'false' });
    await waitForHealth(indexingUrl, indexing, 60_000);
    await waitForHealth(answeringUrl, answering, 60_000);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([stop(indexing), stop(answering)]);
    await mirror?.close();
    rmSync(workDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`).finally(() => client.end());
  });

  it('a card imported while both run is learned by one and identified by the other', async () => {
    // The instance that indexes learns the catalogue's cards; the other answers from what it stored.
    await expect.poll(() => topMatch(answeringUrl, known), { timeout: 60_000, interval: 250 }).toBe(known.printingId);
    expect(await topMatch(answeringUrl, added)).not.toBe(added.printingId);
    // Its Scan screen says identification is ready, not that nothing was learned.
    const status = async () => (await fetch(`${answeringUrl}/v1/vision/status`)).json();
    await expect.poll(status, { timeout: 10_000 }).toMatchObject({ ready: true, indexed: 5, total: 5, autoIndex: false });

    await importCatalogue(() => false);
    const imported = Date.now();
    await expect.poll(() => topMatch(answeringUrl, added), { timeout: 60_000, interval: 250 }).toBe(added.printingId);
    console.log(`A card imported into the shared database was identified by the other instance ${((Date.now() - imported) / 1000).toFixed(1)} s after the import ended`);
    expect(await topMatch(indexingUrl, added)).toBe(added.printingId);
    expect(await status()).toMatchObject({ ready: true, indexed: 6, total: 6 });
  }, 180_000);
});
