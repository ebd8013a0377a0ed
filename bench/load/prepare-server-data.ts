import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateTestCatalog, generateTestPhotos, testAssetsBase } from '../../fixtures/identify/generate-test-catalog.ts';
import { importCatalog } from '../../server/catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../../server/catalog/import/read-tcgdex-file.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { createFingerprintRepository } from '../../server/vision/catalog-index/fingerprint-repository.ts';
import { indexCatalog } from '../../server/vision/catalog-index/index-catalog.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerData {
  /** DATA_DIR for the server: its PGlite folder holds the catalogue and its fingerprints. */
  dataDir: string;
  photos: Buffer[];
  printings: number;
}

/**
 * A catalogue of generated cards imported and indexed into a fresh PGlite folder, and phone-like
 * photos of them (cached under fixtures/identify/out/load; the database is made anew each run).
 */
export async function prepareServerData(photoCount: number): Promise<ServerData> {
  const catalog = await generateTestCatalog(join(root, 'fixtures/identify/out/load'), { seed: 7, sets: 6, cards: 150, reprints: 20, outside: 10, translations: 20 });
  const photos = await generateTestPhotos(catalog, { seed: 11, inCatalog: photoCount, outside: 0, hard: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'card-lens-load-'));
  const db = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await importCatalog(db, readTcgdexFile(JSON.parse(readFileSync(catalog.catalogFile, 'utf8'))));
    await indexCatalog(createFingerprintRepository(db), { assetsBaseUrl: testAssetsBase, imagesDir: catalog.imagesDir });
  } finally {
    await db.destroy();
  }
  return { dataDir, photos: photos.map((photo) => readFileSync(photo.file)), printings: catalog.printings.length };
}
