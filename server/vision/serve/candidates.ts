import { assetAddress } from '../../catalog/asset-address.ts';
import type { IndexedPrinting } from '../search/fingerprint-index.ts';
import type { Candidate } from './identify-schemas.ts';
import type { RankedPrinting } from '../answer/artwork-scores.ts';
import { cardmarketUrls } from './cardmarket-urls.ts';
import { shownCandidates } from '../answer/shown-candidates.ts';
import type { AnswerSettings } from '../identify-settings.ts';

/** The API's answer for ranked printings: those shown, with what the app displays of each, from the index they were ranked in. */
export function candidatesOf(ranked: RankedPrinting[], printings: IndexedPrinting[], assetsBaseUrl: string, answer: AnswerSettings): Candidate[] {
  return shownCandidates(ranked, answer).map(({ position, score, printingNotInCatalogue }) => {
    const printing = printings[position]!;
    const image = assetAddress(printing.image, assetsBaseUrl);
    return {
      printingId: printing.printingId,
      cardName: printing.cardName,
      setName: printing.setName,
      number: printing.number,
      variant: printing.variant,
      language: printing.language,
      score,
      imageUrl: image === null ? '' : `${image}/high.webp`,
      urls: cardmarketUrls(printing),
      ...(printingNotInCatalogue ? { printingNotInCatalogue } : {}),
    };
  });
}
