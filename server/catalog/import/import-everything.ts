import { sql } from 'kysely';
import type { Database } from '../../db/open-database.ts';
import { importCatalog, setRowId, type ImportSummary } from './import-catalog.ts';
import type { Progress } from './progress-bar.ts';
import { readTcgdexApi } from './read-tcgdex-api.ts';

/** The languages the TCGdex API serves, as https://tcgdex.dev/errors/language-invalid lists them. */
export const tcgdexLanguages = ['en', 'fr', 'es', 'it', 'pt', 'pt-br', 'pt-pt', 'de', 'nl', 'pl', 'ru', 'ja', 'ko', 'zh-tw', 'id', 'th', 'zh-cn'];

export interface EverythingOptions {
  baseUrl: string;
  languages?: string[];
  concurrency?: number;
  retryDelayMs?: number;
  /** Told how many sets there are once they are listed. */
  progress?: (total: number) => Progress;
}

export interface EverythingSummary extends ImportSummary {
  /** When the run this one resumed started, if it resumed one. */
  resumedFrom: Date | undefined;
  /** Sets that run had imported already, not read again. */
  alreadyImported: number;
}

/**
 * Imports every set of every language from a TCGdex API. A run that stops part way (a network
 * failure, Ctrl-C) is resumed by the next: sets imported since it started are not read again.
 * Each set is written in its own transaction, so what was imported stays.
 */
export async function importEverything(db: Database, options: EverythingOptions): Promise<EverythingSummary> {
  const source = options.baseUrl.replace(/\/+$/, '');
  const unfinished = await db.selectFrom('catalog_import_run').selectAll().where('source', '=', source).where('finished_at', 'is', null).executeTakeFirst();
  const startedAt = unfinished?.started_at ?? (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0]!.now;
  if (!unfinished) {
    await db
      .insertInto('catalog_import_run')
      .values({ source, started_at: startedAt, finished_at: null })
      .onConflict((conflict) => conflict.column('source').doUpdateSet({ started_at: startedAt, finished_at: null }))
      .execute();
  }
  const done = new Set((await db.selectFrom('card_set').select('id').where('imported_at', '>=', startedAt).execute()).map((row) => row.id));
  const catalog = await readTcgdexApi({
    baseUrl: source,
    languages: options.languages ?? tcgdexLanguages,
    concurrency: options.concurrency,
    retryDelayMs: options.retryDelayMs,
    languagesMayBeMissing: true,
    skip: (language, id) => unfinished !== undefined && done.has(setRowId({ language, id })),
  });
  const summary = await importCatalog(db, catalog, options.progress?.(catalog.size ?? 0));
  await db.updateTable('catalog_import_run').set({ finished_at: sql<Date>`now()` }).where('source', '=', source).execute();
  return { ...summary, resumedFrom: unfinished?.started_at, alreadyImported: unfinished ? done.size : 0 };
}
