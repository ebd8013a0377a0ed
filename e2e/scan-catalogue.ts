import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTestCatalog } from '../fixtures/identify/generate-test-catalog.ts';
import { importCatalog } from '../server/catalog/import/import-catalog.ts';
import { readTcgdexFile } from '../server/catalog/import/read-tcgdex-file.ts';
import { openDatabase } from '../server/db/open-database.ts';

export interface ScanCards {
  /** The card images at the image host's paths, for a mirror to serve. */
  imagesDir: string;
  /** Face of a printing that is in the catalogue, and its name. */
  inCatalog: { imageFile: string; cardName: string };
  /** Face of a card that is not in the catalogue. */
  notInCatalog: { imageFile: string };
  /** Faces of different cards, each the only printing of its artwork, for a camera to show one after another. */
  sequence: Array<{ imageFile: string; cardName: string; printingId: string }>;
}

export interface ScanCatalogueOptions {
  /** Cards over the two sets, two of them reprinted; 12 unless told (the e2e suite's catalogue). */
  cards?: number;
}

/**
 * Fills a new data folder with a small generated catalogue, as `npm run catalog:import` would,
 * before the product starts on it; the product learns the cards from their images itself.
 */
export async function prepareScanCatalogue(dataDir: string, { cards = 12 }: ScanCatalogueOptions = {}): Promise<ScanCards> {
  const out = cards === 12 ? 'fixtures/identify/out/e2e' : `fixtures/identify/out/e2e-${cards}`;
  const catalog = await generateTestCatalog(out, { seed: 21, sets: 2, cards, reprints: 2, outside: 1 });
  const db = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    await importCatalog(db, readTcgdexFile(JSON.parse(readFileSync(catalog.catalogFile, 'utf8'))));
  } finally {
    await db.destroy();
  }
  const alone = catalog.printings.filter((printing) => printing.sameArtAs === null && !catalog.printings.some((other) => other.sameArtAs === printing.printingId));
  const original = alone[0]!;
  return {
    imagesDir: catalog.imagesDir,
    inCatalog: { imageFile: original.imageFile, cardName: original.cardName },
    notInCatalog: { imageFile: catalog.outsideFiles[0]! },
    sequence: alone.map(({ imageFile, cardName, printingId }) => ({ imageFile, cardName, printingId })),
  };
}
