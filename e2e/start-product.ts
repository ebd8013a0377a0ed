import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath } from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import type { TestProject } from 'vitest/node';
import { prepareScanCatalogue, type ScanCards } from './scan-catalogue.ts';
import { freePort } from '../server/test-support/free-port.ts';
import { startServer, stop, waitForHealth } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The same product on a fresh data folder whose image host cannot be reached. */
    noImagesBaseUrl: string;
    scanCards: ScanCards;
    accounts: { admin: { email: string; password: string }; collector: { email: string; password: string } };
  }
}

/**
 * Starts the product exactly as `npm start` does, on a free port and a new data folder holding a
 * small catalogue whose images a local mirror serves (ASSETS_BASE_URL): nothing is indexed by hand.
 * A second server runs on another new data folder with an image host that cannot be reached.
 */
export default async function startProduct(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'card-lens-e2e-'));
  const noImagesDir = mkdtempSync(join(tmpdir(), 'card-lens-e2e-'));
  const scanCards = await prepareScanCatalogue(dataDir);
  await prepareScanCatalogue(noImagesDir);
  project.provide('scanCards', scanCards);
  const mirror = Fastify();
  await mirror.register(fastifyStatic, { root: resolvePath(scanCards.imagesDir) });
  await mirror.listen({ port: 0, host: '127.0.0.1' });
  const mirrorUrl = `http://127.0.0.1:${(mirror.server.address() as AddressInfo).port}`;

  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const accounts = {
    admin: { email: 'admin@cardlens.localhost', password: `admin-${randomBytes(6).toString('hex')}` },
    collector: { email: 'collector@cardlens.localhost', password: `collector-${randomBytes(6).toString('hex')}` },
  };
  project.provide('accounts', accounts);
  const product = startServer(
    port,
    {
      DATA_DIR: dataDir,
      ASSETS_BASE_URL: mirrorUrl,
      // Known passwords for the seeded users, and short-lived tokens so a refresh happens within a test.
      DEV_ADMIN_PASSWORD: accounts.admin.password,
      DEV_COLLECTOR_PASSWORD: accounts.collector.password,
      DEV_ACCESS_TOKEN_TTL: '65',
    },
    ['scripts/start.mjs'],
  );
  const servers = [product];
  try {
    await waitForHealth(baseUrl, product, 240_000);
    const noImagesPort = await freePort();
    const noImages = startServer(noImagesPort, { DATA_DIR: noImagesDir, ASSETS_BASE_URL: 'http://127.0.0.1:1' });
    servers.push(noImages);
    const noImagesBaseUrl = `http://localhost:${noImagesPort}`;
    await waitForHealth(noImagesBaseUrl, noImages, 60_000);
    project.provide('baseUrl', baseUrl);
    project.provide('noImagesBaseUrl', noImagesBaseUrl);
  } catch (error) {
    await Promise.all(servers.map(stop));
    await mirror.close();
    throw error;
  }
  return async () => {
    await Promise.all(servers.map(stop));
    await mirror.close();
    for (const dir of [dataDir, noImagesDir]) rmSync(dir, { recursive: true, force: true });
  };
}
