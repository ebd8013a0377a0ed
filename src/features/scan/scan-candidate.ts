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
}

/** Card images are listed as PNG; the smaller WebP rendition at the same address is what we show. */
export function displayImageUrl(imageUrl: string): string {
  return imageUrl.replace(/high\.png$/, 'high.webp');
}
