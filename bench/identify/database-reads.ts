import { readFileSync } from 'node:fs';
import type { TestCatalog } from '../../fixtures/identify/generate-test-catalog.ts';
import { importCatalog } from '../../server/catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../../server/catalog/import/read-tcgdex-file.ts';
import { openDatabase } from '../../server/db/open-database.ts';
import { createFingerprintRepository } from '../../server/vision/catalog-index/fingerprint-repository.ts';
import { indexCatalog } from '../../server/vision/catalog-index/index-catalog.ts';

export interface DatabaseReads {
  printings: number;
  finalists: number;
  medianMs: number;
  p90Ms: number;
}

/**
 * The identification above reads printings' details from memory; the app reads them from its
 * database, a look's finalists at a time. This times that read on the embedded database, holding
 * the generated catalogue indexed as `npm run catalog:index` would.
 */
export async function timeDatabaseReads(catalog: TestCatalog, finalists = 24, reads = 100): Promise<DatabaseReads> {
  const db = await openDatabase({ kind: 'pglite' });
  try {
    await importCatalog(db, readTcgdexFile(JSON.parse(readFileSync(catalog.catalogFile, 'utf8'))));
    const repository = createFingerprintRepository(db);
    await indexCatalog(repository, { assetsBaseUrl: 'https://assets.tcgdex.net', imagesDir: catalog.imagesDir });
    const ids = (await repository.loadIndex()).printings.map((printing) => printing.printingId);
    const times: number[] = [];
    for (let read = 0; read < reads; read++) {
      // A different spread of printings each time, as photos bring different finalists.
      const picked = Array.from({ length: finalists }, (_, k) => ids[(read * 7919 + k * 104729) % ids.length]!);
      const start = performance.now();
      await repository.fineDetails(picked);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => +times[Math.floor(p * times.length)]!.toFixed(1);
    return { printings: ids.length, finalists, medianMs: at(0.5), p90Ms: at(0.9) };
  } finally {
    await db.destroy();
  }
}
