import { afterEach, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCatalog } from '../catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../catalog/import/read-tcgdex-file.ts';
import { readFixtureJson, smallCatalogPath } from '../test-support/test-database.ts';
import { DataFolderInUseError } from './data-folder-lock.ts';
import { openDatabase, type Database } from './open-database.ts';

const printings = async (db: Database) => Number((await db.selectFrom('printing').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

describe('one process owns an embedded data folder', () => {
  const folders: string[] = [];
  const opened: Database[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((db) => db.destroy()));
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  test('an import into the folder of a running server is refused with what to do, and the folder still opens after', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'card-lens-lock-'));
    folders.push(dataDir);
    const server = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    opened.push(server);
    await importCatalog(server, readTcgdexFile(readFixtureJson()));
    const before = await printings(server);

    const cli = spawnSync('npx', ['tsx', 'server/catalog/import/import-cli.ts', smallCatalogPath], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toContain(`The data folder ${join(dataDir, 'pglite')} is in use by another Card Lens process`);
    expect(cli.stderr).toContain('Stop that process, then run this again');

    await opened.pop()!.destroy();
    const reopened = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    opened.push(reopened);
    expect(await printings(reopened)).toBe(before);
  });

  test('a second opener in the same process is refused until the first closes', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'card-lens-lock-')), 'pglite');
    folders.push(dataDir);
    const first = await openDatabase({ kind: 'pglite', dataDir });
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toBeInstanceOf(DataFolderInUseError);
    await first.destroy();
    opened.push(await openDatabase({ kind: 'pglite', dataDir }));
  });
});
