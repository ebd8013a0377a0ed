import { afterEach, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCatalog } from '../catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../catalog/import/read-tcgdex-file.ts';
import { readFixtureJson } from '../test-support/test-database.ts';
import { DataFolderInUseError } from './data-folder-lock.ts';
import { openDatabase, type Database } from './open-database.ts';

const printings = async (db: Database) => Number((await db.selectFrom('printing').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('a data folder that is a symbolic link', () => {
  const folders: string[] = [];
  const opened: Database[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.destroy()));
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const temporary = () => {
    const folder = mkdtempSync(join(tmpdir(), 'card-lens-link-'));
    folders.push(folder);
    return folder;
  };

  test('opens the folder it points to, and keeps what was written there', async () => {
    const root = temporary();
    mkdirSync(join(root, 'elsewhere'));
    mkdirSync(join(root, 'data'));
    symlinkSync(join(root, 'elsewhere'), join(root, 'data', 'pglite'));
    const db = await openDatabase({ kind: 'pglite', dataDir: join(root, 'data', 'pglite') });
    await importCatalog(db, readTcgdexFile(readFixtureJson()));
    const count = await printings(db);
    expect(count).toBeGreaterThan(0);
    await db.destroy();

    // The same folder through its real path holds the same rows, and one lock covers both names.
    const direct = await openDatabase({ kind: 'pglite', dataDir: join(root, 'elsewhere') });
    opened.push(direct);
    expect(await printings(direct)).toBe(count);
    await expect(openDatabase({ kind: 'pglite', dataDir: join(root, 'data', 'pglite') })).rejects.toBeInstanceOf(DataFolderInUseError);
  });

  test('a link to nothing stops the server with a message naming both, not errno 44', () => {
    const root = temporary();
    mkdirSync(join(root, 'data'));
    symlinkSync(join(root, 'gone'), join(root, 'data', 'pglite'));
    const server = spawnSync('npx', ['tsx', 'server/server.ts'], {
      env: { ...process.env, DATA_DIR: join(root, 'data'), DATABASE_URL: '', PORT: '0', INDEX_IMAGES: 'false' },
      encoding: 'utf8',
    });
    expect(server.status).toBe(2);
    expect(server.stderr).toContain(
      `Configuration error: The data folder ${join(root, 'data', 'pglite')} is a symbolic link to ${join(root, 'gone')}, which does not exist: create that folder or remove the link`,
    );
  });
});
