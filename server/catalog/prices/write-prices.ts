import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/open-database.ts';
import type { Tables } from '../../db/tables.ts';
import { priceOfFinish, storedFinishes } from './price-of-finish.ts';
import type { TcgdexPricing } from './tcgdex-pricing.ts';
import { variantNames, type TcgdexCard } from '../import/tcgdex-catalog.ts';

/** A printing and the pricing of its card, as the API answered it. */
export interface PricedPrinting {
  printingId: string;
  variant: string;
  /** Whether the card is also printed as a plain (normal) printing: see price-of-finish.ts. */
  cardHasNormal: boolean;
  pricing: TcgdexPricing;
}

export interface PriceWriteSummary {
  /** Printings whose own price or ids changed. */
  changed: number;
  /** History rows written (a new day, or a new amount on the same day). */
  historyRows: number;
}

const chunkSize = 400;
const day = (updated: string | null, today: string) => (updated ? new Date(updated).toISOString().slice(0, 10) : today);

/**
 * Writes prices in the caller's transaction: the printing's ids and own prices, every source's
 * figures per finish, and a history row per currency on the day of the source's `updated` time
 * when the amount differs from the last one kept. Prices of printings not listed are not touched.
 */
export async function writePrices(trx: Transaction<Tables> | Database, printings: PricedPrinting[], today = new Date().toISOString().slice(0, 10)): Promise<PriceWriteSummary> {
  const summary: PriceWriteSummary = { changed: 0, historyRows: 0 };
  for (let start = 0; start < printings.length; start += chunkSize) {
    const chunk = printings.slice(start, start + chunkSize);
    const priced = chunk.map((printing) => ({ printing, price: priceOfFinish(printing.pricing, printing.variant, printing.cardHasNormal) }));
    const values = priced.map(
      ({ printing, price }) =>
        sql`(${printing.printingId}, cast(${price.tcgplayerProductId} as integer), cast(${price.cardmarketIdProduct} as integer),
          cast(${price.EUR?.amount ?? null} as numeric(12, 2)), cast(${price.EUR?.updated ?? null} as timestamptz),
          cast(${price.USD?.amount ?? null} as numeric(12, 2)), cast(${price.USD?.updated ?? null} as timestamptz))`,
    );
    const updated = await sql`
      update printing set
        tcgplayer_product_id = coalesce(v.tcg, printing.tcgplayer_product_id),
        cardmarket_id_product = coalesce(v.cm, printing.cardmarket_id_product),
        price_eur = v.eur, price_eur_updated = v.eur_updated, price_usd = v.usd, price_usd_updated = v.usd_updated
      from (values ${sql.join(values)}) as v(id, tcg, cm, eur, eur_updated, usd, usd_updated)
      where printing.id = v.id
        and (coalesce(v.tcg, printing.tcgplayer_product_id), coalesce(v.cm, printing.cardmarket_id_product), v.eur, v.eur_updated, v.usd, v.usd_updated)
          is distinct from
          (printing.tcgplayer_product_id, printing.cardmarket_id_product, printing.price_eur, printing.price_eur_updated, printing.price_usd, printing.price_usd_updated)`.execute(trx);
    summary.changed += Number(updated.numAffectedRows ?? 0n);
    // Owned printings' entries carry copies of the prices (migration 0023).
    await sql`
      update collection_entry set price_eur = printing.price_eur, price_usd = printing.price_usd
      from printing
      where printing.id = collection_entry.printing_id
        and collection_entry.printing_id in (${sql.join(chunk.map((printing) => printing.printingId))})
        and (collection_entry.price_eur, collection_entry.price_usd) is distinct from (printing.price_eur, printing.price_usd)`.execute(trx);

    const ids = chunk.map((printing) => printing.printingId);
    await trx.deleteFrom('printing_price').where('printing_id', 'in', ids).execute();
    const rows = chunk.flatMap((printing) =>
      storedFinishes(printing.pricing).map((row) => ({
        printing_id: printing.printingId,
        source: row.source,
        finish: row.finish,
        figures: JSON.stringify(row.figures),
        updated: row.updated === null ? null : new Date(row.updated),
      })),
    );
    if (rows.length > 0) await trx.insertInto('printing_price').values(rows).onConflict((c) => c.doNothing()).execute();

    const points = priced.flatMap(({ printing, price }) =>
      (['EUR', 'USD'] as const).flatMap((currency) => {
        const quote = price[currency];
        return quote ? [sql`(${printing.printingId}, ${currency}, cast(${day(quote.updated, today)} as date), cast(${quote.amount} as numeric(12, 2)))`] : [];
      }),
    );
    if (points.length > 0) {
      const written = await sql`
        insert into printing_price_history (printing_id, currency, day, amount)
        select v.id, v.currency, v.day, v.amount
        from (values ${sql.join(points)}) as v(id, currency, day, amount)
        where v.amount is distinct from (
          select h.amount from printing_price_history h
          where h.printing_id = v.id and h.currency = v.currency and h.day <= v.day
          order by h.day desc limit 1)
        on conflict (printing_id, currency, day) do update set amount = excluded.amount`.execute(trx);
      summary.historyRows += Number(written.numAffectedRows ?? 0n);
    }
  }
  return summary;
}

/** The printings of cards that came with pricing: one per variant, as the importer writes them. */
export function pricedPrintings(cards: TcgdexCard[], printingId: (card: TcgdexCard, variant: string) => string): PricedPrinting[] {
  return cards.flatMap((card) => {
    if (!card.pricing) return [];
    const variants = variantNames.filter((name) => card.variants[name]);
    const printed = variants.length > 0 ? variants : ['normal' as const];
    return printed.map((variant) => ({ printingId: printingId(card, variant), variant, cardHasNormal: printed.includes('normal'), pricing: card.pricing! }));
  });
}
