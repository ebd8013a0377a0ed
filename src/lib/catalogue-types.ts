/** The catalogue API's shapes as the screens read them (server/catalog/catalog-schemas.ts is the source). */

import type { Price } from './price.ts';

export interface SetSummary {
  id: string;
  code: string;
  name: string;
  language: string;
}

export interface CardAttack {
  name: string;
  damage: string | null;
  text: string | null;
}

export interface Card {
  id: string;
  code: string;
  name: string;
  image: string | null;
  hp?: number;
  localId: string;
  rarity: string | null;
  variant: string;
  types: string[];
  illustrator: string | null;
  attacks: CardAttack[];
  set: SetSummary;
  /** The printing's price for its finish; missing from servers without prices. */
  price?: Price;
}

export interface CardSet extends SetSummary {
  logo: string | null;
  symbol: string | null;
}

export interface ListPage<T> {
  content: T[];
  pageable: { page: number; size: number; total_elements: number; total_pages: number };
}
