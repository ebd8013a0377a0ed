import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Tables } from './tables.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
const fileName = /^(\d{4})-([a-z0-9-]+)\.sql$/;

/** Reads `NNNN-name.sql` files in version order; two files with one number is a mistake caught at start. */
export function readMigrations(dir: string = migrationsDir): Migration[] {
  const migrations = readdirSync(dir)
    .map((file) => ({ file, match: fileName.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({ version: Number(match[1]), name: match[2]!, sql: readFileSync(join(dir, file), 'utf8') }))
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version === migrations[i - 1]!.version) {
      throw new Error(`Two migrations share version ${migrations[i]!.version}`);
    }
  }
  return migrations;
}

/**
 * Applies the migrations not yet recorded, each in its own transaction. The advisory lock makes two
 * servers starting against one PostgreSQL apply each migration once.
 */
export async function migrate(db: Kysely<Tables>, migrations: Migration[] = readMigrations()): Promise<Migration[]> {
  const applied: Migration[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(7262024)`.execute(trx);
      await sql`create table if not exists schema_migration (
        version integer primary key,
        name text not null,
        applied_at timestamptz not null default now()
      )`.execute(trx);
      const done = await trx
        .selectFrom('schema_migration')
        .select('version')
        .where('version', '=', migration.version)
        .executeTakeFirst();
      if (done) return false;
      await sql.raw(migration.sql).execute(trx);
      await trx.insertInto('schema_migration').values({ version: migration.version, name: migration.name }).execute();
      return true;
    });
    if (ran) applied.push(migration);
  }
  return applied;
}
