import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareScanCatalogue, type ScanCards } from './scan-catalogue.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    scanCards: ScanCards;
    accounts: { admin: { email: string; password: string }; collector: { email: string; password: string } };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The product did not answer ${baseUrl}/health within ${timeoutMs} ms`);
}

/** Starts the product exactly as `npm start` does, on a free port and a new data folder holding a small catalogue. */
export default async function startProduct(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'card-lens-e2e-'));
  project.provide('scanCards', await prepareScanCatalogue(dataDir));
  const baseUrl = `http://localhost:${port}`;
  const accounts = {
    admin: { email: 'admin@cardlens.localhost', password: `admin-${randomBytes(6).toString('hex')}` },
    collector: { email: 'collector@cardlens.localhost', password: `collector-${randomBytes(6).toString('hex')}` },
  };
  project.provide('accounts', accounts);
  const child = spawn('node', ['scripts/start.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      // Known passwords for the seeded users, and short-lived tokens so a refresh happens within a test.
      DEV_ADMIN_PASSWORD: accounts.admin.password,
      DEV_COLLECTOR_PASSWORD: accounts.collector.password,
      DEV_ACCESS_TOKEN_TTL: '65',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, child, 240_000);
  project.provide('baseUrl', baseUrl);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
