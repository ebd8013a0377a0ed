import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/open-database.ts';
import type { CardSetTable, PrintingTable, Tables } from '../../db/tables.ts';
import { foldText } from '../fold-text.ts';
import { pricedPrintings, writePrices } from '../prices/write-prices.ts';
import type { Progress } from './progress-bar.ts';
import { variantNames, type CatalogBatch, type CatalogSource, type TcgdexCard, type TcgdexSet } from './tcgdex-catalog.ts';

type SetRow = Omit<CardSetTable, 'imported_at' | 'card_count_catalogue' | 'printing_count' | 'written_by'>;
type PriceColumns = 'tcgplayer_product_id' | 'cardmarket_id_product' | 'price_eur' | 'price_eur_updated' | 'price_usd' | 'price_usd_updated';
type PrintingRow = Omit<PrintingTable, 'imported_at' | 'written_by' | 'types' | 'attacks' | PriceColumns> & { types: string; attacks: string };

/** What an import wrote: printings the source lists are added, changed or already as they were. */
export interface ImportSummary {
  sets: number;
  printings: number;
  added: number;
  changed: number;
  unchanged: number;
  /** Printings of imported sets that the source no longer lists, removed. */
  removed: number;
  /** Printings the source no longer lists that collectors own: kept, so no collection loses a card. */
  keptOwned: number;
}

type BatchSummary = Omit<ImportSummary, 'sets'>;

export const setRowId = (set: Pick<TcgdexSet, 'id' | 'language'>) => `${set.language}-${set.id}`;
export const printingRowId = (card: Pick<TcgdexCard, 'id' | 'language'>, variant: string) =>
  `${card.language}-${card.id}-${variant}`;

function toSetRow(set: TcgdexSet): SetRow {
  return {
    id: setRowId(set),
    tcgdex_id: set.id,
    language: set.language,
    code: set.code,
    name: set.name,
    name_fold: foldText(set.name),
    serie_id: set.serie?.id ?? null,
    serie_name: set.serie?.name ?? null,
    release_date: set.releaseDate,
    card_count_official: set.cardCount.official,
    card_count_total: set.cardCount.total,
    logo: set.logo,
    symbol: set.symbol,
  };
}

/** One row per variant the card is printed in; a card with no variant data still gets its normal printing. */
function toPrintingRows(card: TcgdexCard, setRowIdValue: string): PrintingRow[] {
  const variants = variantNames.filter((name) => card.variants[name]);
  const leadingNumber = /^\d+/.exec(card.localId)?.[0];
  return (variants.length > 0 ? variants : ['normal']).map((variant) => ({
    id: printingRowId(card, variant),
    set_id: setRowIdValue,
    card_id: card.id,
    local_id: card.localId,
    local_number: leadingNumber !== undefined && leadingNumber.length <= 9 ? Number(leadingNumber) : null,
    language: card.language,
    variant,
    name: card.name,
    name_fold: foldText(card.name),
    category: card.category,
    hp: card.hp,
    types: JSON.stringify(card.types),
    stage: card.stage,
    rarity: card.rarity,
    illustrator: card.illustrator,
    illustrator_fold: card.illustrator === null ? null : foldText(card.illustrator),
    attacks: JSON.stringify(
      card.attacks.map((attack) => ({
        name: attack.name,
        damage: attack.damage === null ? null : String(attack.damage),
        text: attack.effect,
        cost: attack.cost,
      })),
    ),
    regulation_mark: card.regulationMark,
    image: card.image,
  }));
}

const chunkSize = 500;

/**
 * Set completion's denominator (the set's cards once each), and the printing counts card lists
 * total from, by set and by name in the set; printings kept for their owners included.
 */
async function writeSetCounts(trx: Transaction<Tables>, setId: string) {
  const counted = trx
    .selectFrom('printing')
    .select([sql<number>`count(distinct card_id)::int`.as('cards'), sql<number>`count(*)::int`.as('printings')])
    .where('set_id', '=', setId);
  await trx
    .updateTable('card_set')
    .from(counted.as('counted'))
    .set({ card_count_catalogue: sql.ref('counted.cards'), printing_count: sql.ref('counted.printings') })
    .where('id', '=', setId)
    .execute();
  await trx.deleteFrom('printing_name_count').where('set_id', '=', setId).execute();
  await trx
    .insertInto('printing_name_count')
    .columns(['set_id', 'name_fold', 'printings'])
    .expression(
      trx
        .selectFrom('printing')
        .select(['set_id', 'name_fold', sql<number>`count(*)::int`.as('printings')])
        .where('set_id', '=', setId)
        .groupBy(['set_id', 'name_fold']),
    )
    .execute();
}

/**
 * Writes one set and its printings in one transaction; running it again with the same data changes
 * nothing. A printing is rewritten only when a field differs, and says whether it was new.
 */
export async function importBatch(db: Database, batch: CatalogBatch): Promise<BatchSummary> {
  const setRow = toSetRow(batch.set);
  const printings = batch.cards.flatMap((card) => toPrintingRows(card, setRow.id));
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('card_set')
      .values(setRow)
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({
          ...Object.fromEntries(Object.keys(setRow).filter((key) => key !== 'id').map((key) => [key, eb.ref(`excluded.${key as keyof SetRow}`)])),
          imported_at: sql<Date>`now()`,
        })),
      )
      .execute();
    const summary: BatchSummary = { printings: printings.length, added: 0, changed: 0, unchanged: 0, removed: 0, keptOwned: 0 };
    for (let start = 0; start < printings.length; start += chunkSize) {
      const chunk = printings.slice(start, start + chunkSize);
      const fields = Object.keys(chunk[0]!).filter((key) => key !== 'id') as Array<keyof PrintingRow>;
      const written = await trx
        .insertInto('printing')
        .values(chunk)
        .onConflict((conflict) =>
          conflict
            .column('id')
            .doUpdateSet((eb) => ({ ...Object.fromEntries(fields.map((key) => [key, eb.ref(`excluded.${key}`)])), imported_at: sql<Date>`now()` }))
            .where(
              sql<boolean>`(${sql.join(fields.map((key) => sql.ref(`printing.${key}`)))}) is distinct from (${sql.join(fields.map((key) => sql.ref(`excluded.${key}`)))})`,
            ),
        )
        // xmax is 0 on a row version this statement inserted, and names this transaction on one it updated.
        .returning(sql<boolean>`xmax = 0`.as('inserted'))
        .execute();
      const added = written.filter((row) => row.inserted).length;
      summary.added += added;
      summary.changed += written.length - added;
      summary.unchanged += chunk.length - written.length;
    }
    await writePrices(trx, pricedPrintings(batch.cards, (card, variant) => printingRowId(card, variant)));
    let stale = trx.selectFrom('printing').select('id').where('set_id', '=', setRow.id);
    if (printings.length > 0) stale = stale.where('id', 'not in', printings.map((row) => row.id));
    const owned = trx.selectFrom('collection_entry').select('printing_id');
    const removed = await trx.deleteFrom('printing').where('id', 'in', stale).where('id', 'not in', owned).executeTakeFirst();
    summary.removed = Number(removed.numDeletedRows);
    summary.keptOwned = (await stale.where('id', 'in', owned).execute()).length;
    await writeSetCounts(trx, setRow.id);
    return summary;
  });
}

export const describeImport = (summary: ImportSummary) =>
  `${summary.sets} sets, ${summary.printings} printings: ${summary.added} added, ${summary.changed} changed, ${summary.unchanged} unchanged, ${summary.removed} removed` +
  (summary.keptOwned > 0 ? `; ${summary.keptOwned} no longer listed but kept: collectors own them` : '');

export async function importCatalog(db: Database, source: CatalogSource, progress?: Progress): Promise<ImportSummary> {
  const summary: ImportSummary = { sets: 0, printings: 0, added: 0, changed: 0, unchanged: 0, removed: 0, keptOwned: 0 };
  progress?.update(0, 'sets');
  for await (const batch of source.batches) {
    const written = await importBatch(db, batch);
    summary.sets += 1;
    for (const key of ['printings', 'added', 'changed', 'unchanged', 'removed', 'keptOwned'] as const) summary[key] += written[key];
    progress?.update(summary.sets, `sets, ${summary.printings} printings (${batch.set.language} ${batch.set.id})`);
  }
  // Fresh statistics and visibility maps let the planner use index-only scans for counts at once.
  if (summary.sets > 0) await sql`vacuum (analyze) card_set, printing, printing_name_count`.execute(db);
  progress?.finish(describeImport(summary));
  return summary;
}
