import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { testBackends } from '../test-support/test-database.ts';
import { readMigrations } from './migrate.ts';
import { openDatabase } from './open-database.ts';

describe('readMigrations', () => {
  it('reads NNNN-name.sql files in version order and refuses two files with one number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'card-lens-migrations-'));
    try {
      writeFileSync(join(dir, '0002-second.sql'), 'select 2;');
      writeFileSync(join(dir, '0001-first.sql'), 'select 1;');
      writeFileSync(join(dir, 'notes.md'), 'not a migration');
      expect(readMigrations(dir).map(({ version, name }) => `${version}:${name}`)).toEqual(['1:first', '2:second']);
      writeFileSync(join(dir, '0002-clash.sql'), 'select 2;');
      expect(() => readMigrations(dir)).toThrow('Two migrations share version 2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds the catalogue migration among the project migrations', () => {
    expect(readMigrations()[0]).toMatchObject({ version: 1, name: 'catalog' });
  });
});

const postgres = testBackends().find((backend) => backend.name === 'postgres');

describe.skipIf(!postgres)('migrations on one PostgreSQL', () => {
  it('are applied once when two servers start at the same time', async () => {
    const opened = postgres!.open();
    try {
      const [first, second] = await Promise.all([openDatabase(opened.options), openDatabase(opened.options)]);
      const applied = await first.selectFrom('schema_migration').select('version').execute();
      expect(applied.map((row) => row.version)).toEqual(readMigrations().map((migration) => migration.version));
      await Promise.all([first.destroy(), second.destroy()]);
    } finally {
      await opened.drop();
    }
  });
});
