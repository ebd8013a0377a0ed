import type { Price } from './price.ts';

/** One possible identification of the photographed card (spec section 3). */
export interface ScanCandidate {
  printingId: string;
  cardName: string;
  setName: string;
  number: string;
  variant: string;
  language: string;
  /** Percentage, 0..100. */
  score: number;
  imageUrl: string;
  urls: { cardUrl: string; searchInSetUrl: string };
  /** The printing's price for its finish; missing from servers without prices. */
  price?: Price;
  /** The photo shows this printing's artwork, but what it reads on the card is another printing's, not in the catalogue. */
  printingNotInCatalogue?: boolean;
}
