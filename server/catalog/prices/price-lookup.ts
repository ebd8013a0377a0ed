import type { Database } from '../../db/open-database.ts';
import { priceFromRow } from '../card-service.ts';

export type PriceOf = ReturnType<typeof priceFromRow>;

/** The own prices of some printings, by id: identification answers carry them beside their candidates. */
export function createPriceLookup(db: Database) {
  return async (ids: string[]): Promise<Map<string, PriceOf>> => {
    if (ids.length === 0) return new Map();
    const rows = await db
      .selectFrom('printing')
      .select(['id', 'price_eur', 'price_eur_updated', 'price_usd', 'price_usd_updated'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, priceFromRow(row)]));
  };
}

/** Adds each candidate's price (both null when the catalogue has none). */
export async function withPrices<T extends { printingId: string }>(candidates: T[], lookup: (ids: string[]) => Promise<Map<string, PriceOf>>): Promise<Array<T & { price: PriceOf }>> {
  const prices = await lookup(candidates.map((candidate) => candidate.printingId));
  return candidates.map((candidate) => ({ ...candidate, price: prices.get(candidate.printingId) ?? { EUR: null, USD: null } }));
}
