import { assetAddress } from './asset-address.ts';
import { cardFilterFields, cardSortFields, defaultCardSort } from './card-fields.ts';
import type { CardRepository, CardRow } from './card-repository.ts';
import type { Card } from './catalog-schemas.ts';
import { toPage, type Page } from './list-request.ts';
import { readListRequest, type ListQueryString } from './read-list-request.ts';

export interface CardService {
  list(query: ListQueryString): Promise<Page<Card>>;
}

const fields = { filters: cardFilterFields, sorts: cardSortFields, defaultSort: defaultCardSort };

const quote = (amount: string | null, updated: Date | null) =>
  amount === null ? null : { amount: Number(amount), updated: (updated ?? new Date(0)).toISOString() };

/** The printing's own price in each currency, as every card object carries it. */
export const priceFromRow = (row: Pick<CardRow, 'price_eur' | 'price_eur_updated' | 'price_usd' | 'price_usd_updated'>) => ({
  EUR: quote(row.price_eur, row.price_eur_updated),
  USD: quote(row.price_usd, row.price_usd_updated),
});

/** A printing row as the API answers it; the collection answers its entries' cards the same way. */
export function cardFromRow(row: CardRow, assetsBaseUrl: string): Card {
  return {
    id: row.id,
    code: row.card_id,
    name: row.name,
    image: assetAddress(row.image, assetsBaseUrl),
    ...(row.hp === null ? {} : { hp: row.hp }),
    localId: row.local_id,
    rarity: row.rarity,
    variant: row.variant,
    types: row.types,
    illustrator: row.illustrator,
    category: row.category,
    stage: row.stage,
    regulationMark: row.regulation_mark,
    attacks: row.attacks,
    set: { id: row.set_id, code: row.set_code, name: row.set_name, language: row.set_language },
    price: priceFromRow(row),
  };
}

export function createCardService(repository: CardRepository, options: { assetsBaseUrl: string }): CardService {
  const toCard = (row: CardRow): Card => cardFromRow(row, options.assetsBaseUrl);

  return {
    async list(query) {
      const request = readListRequest(query, fields);
      const result = await repository.list(request);
      return toPage(result, request.page, request.size, toCard);
    },
  };
}
