import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { importCatalog } from '../catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../catalog/import/read-tcgdex-file.ts';
import type { DatabaseOptions } from '../db/database-options.ts';
import { readConfig, type ServerConfig } from '../env.ts';

/**
 * A database the same suite runs against: in-memory PGlite always, and PostgreSQL when
 * TEST_DATABASE_URL is set. Each PostgreSQL use gets a schema of its own, dropped afterwards, so
 * suites never see each other's rows.
 */
export interface TestBackend {
  name: 'pglite' | 'postgres';
  open(): { options: DatabaseOptions; drop(): Promise<void> };
}

export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [{ name: 'pglite', open: () => ({ options: { kind: 'pglite' }, drop: async () => {} }) }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    backends.push({
      name: 'postgres',
      open() {
        const schema = `test_${randomBytes(6).toString('hex')}`;
        return {
          options: { kind: 'postgres', url, schema, poolSize: 4 },
          async drop() {
            const client = new pg.Client({ connectionString: url });
            await client.connect();
            try {
              await client.query(`drop schema if exists ${schema} cascade`);
            } finally {
              await client.end();
            }
          },
        };
      },
    });
  }
  return backends;
}

export const smallCatalogPath = fileURLToPath(new URL('../../fixtures/catalog/small-catalog.json', import.meta.url));

export function readFixtureJson(path: string = smallCatalogPath): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

export function testConfig(overrides: NodeJS.ProcessEnv = {}): ServerConfig {
  // Tests build their index themselves unless they test the server building it.
  return readConfig({ STATIC_DIR: '/nonexistent-card-lens-static', INDEX_IMAGES: 'false', ...overrides });
}

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Builds the app on a fresh database of the given backend, optionally filled with a catalogue in the demo format. */
export async function buildTestApp(
  backend: TestBackend,
  { catalog, env }: { catalog?: unknown; env?: NodeJS.ProcessEnv } = {},
): Promise<TestApp> {
  const database = backend.open();
  const app = await buildApp({ config: testConfig(env), database: database.options });
  if (catalog !== undefined) await importCatalog(app.db, readTcgdexFile(catalog));
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
