import { join } from 'node:path';
import type { ServerConfig } from '../env.ts';

/**
 * Where the data lives. PGlite without a `dataDir` keeps everything in memory (tests); `schema` on
 * PostgreSQL puts every table in that schema, created if missing, so test runs can share a database.
 */
export type DatabaseOptions =
  | { kind: 'pglite'; dataDir?: string }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

export function databaseOptionsFromConfig(config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>): DatabaseOptions {
  if (config.databaseUrl) return { kind: 'postgres', url: config.databaseUrl };
  return { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}
