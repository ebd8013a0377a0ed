/** The catalogue shape every source is read into: the demo file's format, one entry per language. */
import type { TcgdexPricing } from '../prices/tcgdex-pricing.ts';

export interface TcgdexSet {
  id: string;
  language: string;
  name: string;
  code: string;
  serie: { id: string; name: string } | null;
  releaseDate: string | null;
  cardCount: { official: number | null; total: number | null };
  logo: string | null;
  symbol: string | null;
}

export interface TcgdexAttack {
  name: string;
  damage: number | string | null;
  effect: string | null;
  cost: string[];
}

export const variantNames = ['normal', 'reverse', 'holo', 'firstEdition', 'wPromo'] as const;

export type VariantName = (typeof variantNames)[number];

export interface TcgdexCard {
  id: string;
  localId: string;
  language: string;
  name: string;
  image: string | null;
  category: string | null;
  hp: number | null;
  types: string[];
  stage: string | null;
  rarity: string | null;
  illustrator: string | null;
  variants: Partial<Record<VariantName, boolean>>;
  attacks: TcgdexAttack[];
  setId: string;
  regulationMark: string | null;
  /** The API's prices; absent from the demo file, whose imports then leave stored prices alone. */
  pricing?: TcgdexPricing;
}

/** One set in one language with all its cards: the unit the importer writes in one transaction. */
export interface CatalogBatch {
  set: TcgdexSet;
  cards: TcgdexCard[];
}

export interface CatalogSource {
  /** Number of batches when known up front, for the progress bar. */
  size?: number;
  batches: AsyncIterable<CatalogBatch>;
}
