import { sql } from 'kysely';
import type { Database } from '../../db/open-database.ts';
import type { CardSetTable, PrintingTable } from '../../db/tables.ts';
import { foldText } from '../fold-text.ts';
import type { Progress } from './progress-bar.ts';
import { variantNames, type CatalogBatch, type CatalogSource, type TcgdexCard, type TcgdexSet } from './tcgdex-catalog.ts';

type SetRow = Omit<CardSetTable, 'imported_at'>;
type PrintingRow = Omit<PrintingTable, 'imported_at' | 'types' | 'attacks'> & { types: string; attacks: string };

export interface ImportSummary {
  sets: number;
  printings: number;
  /** Printings of imported sets that the source no longer lists, removed. */
  removed: number;
}

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

/** Writes one set and its printings in one transaction; running it again with the same data changes nothing. */
export async function importBatch(db: Database, batch: CatalogBatch): Promise<{ printings: number; removed: number }> {
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
    for (let start = 0; start < printings.length; start += chunkSize) {
      const chunk = printings.slice(start, start + chunkSize);
      await trx
        .insertInto('printing')
        .values(chunk)
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet((eb) => ({
            ...Object.fromEntries(
              Object.keys(chunk[0]!).filter((key) => key !== 'id').map((key) => [key, eb.ref(`excluded.${key as keyof PrintingRow}`)]),
            ),
            imported_at: sql<Date>`now()`,
          })),
        )
        .execute();
    }
    let stale = trx.deleteFrom('printing').where('set_id', '=', setRow.id);
    if (printings.length > 0) stale = stale.where('id', 'not in', printings.map((row) => row.id));
    const deleted = await stale.executeTakeFirst();
    return { printings: printings.length, removed: Number(deleted.numDeletedRows) };
  });
}

export async function importCatalog(db: Database, source: CatalogSource, progress?: Progress): Promise<ImportSummary> {
  const summary: ImportSummary = { sets: 0, printings: 0, removed: 0 };
  progress?.update(0, 'sets');
  for await (const batch of source.batches) {
    const written = await importBatch(db, batch);
    summary.sets += 1;
    summary.printings += written.printings;
    summary.removed += written.removed;
    progress?.update(summary.sets, `sets, ${summary.printings} printings (${batch.set.language} ${batch.set.id})`);
  }
  // Fresh statistics and visibility maps let the planner use index-only scans for counts at once.
  if (summary.sets > 0) await sql`vacuum (analyze) card_set, printing`.execute(db);
  progress?.finish(`${summary.sets} sets, ${summary.printings} printings written, ${summary.removed} stale printings removed`);
  return summary;
}
