import { lstatSync, mkdirSync, readlinkSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { ConfigError } from '../env.ts';
import type { DatabaseOptions } from './database-options.ts';
import { lockDataFolder } from './data-folder-lock.ts';
import { migrate } from './migrate.ts';
import { PgliteDialect } from './pglite-dialect.ts';
import type { Tables } from './tables.ts';

export type Database = Kysely<Tables>;

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

async function openPostgres(url: string, schema: string | undefined, poolSize: number): Promise<Database> {
  if (schema !== undefined) {
    const setup = new pg.Client({ connectionString: url });
    await setup.connect();
    try {
      await setup.query(`create schema if not exists ${quoteIdentifier(schema)}`);
    } catch (error) {
      // Two openers racing on "if not exists" can both miss the schema; one then finds it taken.
      const code = (error as { code?: string }).code;
      if (code !== '23505' && code !== '42P06') throw error;
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(schema === undefined ? {} : { options: `-c search_path=${quoteIdentifier(schema)}` }),
  });
  return new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
}

/**
 * The trigram extension the text-search indexes need, and byte strings as node-postgres converts them, with Node's native hex codec: PGlite's own converts
 * byte by byte, and reading the details of a look's 24 finalists took some 40 ms instead of 5.
 */
const pgliteOptions = {
  extensions: { pg_trgm },
  parsers: { [types.BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
  serializers: { [types.BYTEA]: (bytes: Uint8Array) => `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex')}` },
};

/**
 * The folder PGlite writes, created if missing, as a real path: PGlite's file system cannot follow a
 * symbolic link (it failed with a bare "errno 44"), so a linked folder is resolved here, and two
 * links to one folder share one lock.
 */
export function resolveDataFolder(dataDir: string): string {
  const link = lstatSync(dataDir, { throwIfNoEntry: false });
  if (link?.isSymbolicLink()) {
    const target = resolve(dataDir, '..', readlinkSync(dataDir));
    const real = (() => {
      try {
        return realpathSync(dataDir);
      } catch {
        throw new ConfigError(`The data folder ${dataDir} is a symbolic link to ${target}, which does not exist: create that folder or remove the link`);
      }
    })();
    if (!lstatSync(real).isDirectory()) throw new ConfigError(`The data folder ${dataDir} is a symbolic link to ${real}, which is not a folder`);
    return real;
  }
  mkdirSync(dataDir, { recursive: true });
  return realpathSync(dataDir);
}

async function openPglite(folder: string | undefined): Promise<Database> {
  if (folder === undefined) return new Kysely<Tables>({ dialect: new PgliteDialect(await PGlite.create(pgliteOptions)) });
  const dataDir = resolveDataFolder(folder);
  const unlock = await lockDataFolder(dataDir);
  try {
    const pglite = await PGlite.create({ ...pgliteOptions, dataDir });
    return new Kysely<Tables>({ dialect: new PgliteDialect(pglite, unlock) });
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** Opens the database and brings its schema up to date; `db.destroy()` closes it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const db =
    options.kind === 'postgres'
      ? await openPostgres(options.url, options.schema, options.poolSize ?? 10)
      : await openPglite(options.dataDir);
  try {
    await sql`select 1`.execute(db);
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}
