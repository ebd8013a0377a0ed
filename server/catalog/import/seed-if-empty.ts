import { readFile } from 'node:fs/promises';
import type { Database } from '../../db/open-database.ts';
import { importCatalog, type ImportSummary } from './import-catalog.ts';
import { readTcgdexFile } from './read-tcgdex-file.ts';

export const seedCatalogFile = new URL('../seed/tcgdex-demo.json', import.meta.url);

/**
 * Fills an empty catalogue with the bundled demo data, so a new install shows real cards at once.
 * Returns what was written, or undefined when the catalogue already had sets.
 */
export async function seedIfEmpty(db: Database, file: URL | string = seedCatalogFile): Promise<ImportSummary | undefined> {
  const existing = await db.selectFrom('card_set').select('id').limit(1).executeTakeFirst();
  if (existing) return undefined;
  const source = readTcgdexFile(JSON.parse(await readFile(file, 'utf8')));
  return importCatalog(db, source);
}
