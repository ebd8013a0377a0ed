import { isConfident } from '../../collection/index.ts';
import type { ScanCandidate } from '../../../lib/scan-candidate.ts';
import type { PageCard } from './page-scan.ts';

/** A card of the page as the result shows it: numbered from 1, with the printing it stands for now. */
export interface PageCardView extends PageCard {
  index: number;
  /** The collector's pick, else the best candidate; undefined when nothing matched. */
  choice: ScanCandidate | undefined;
  /** Chosen by the collector. */
  corrected: boolean;
  /** Added by "Add all": a sure best match (the scan session's rule), or one the collector chose. */
  sure: boolean;
}

export function pageCardViews(cards: PageCard[], picks: ReadonlyMap<number, string>): PageCardView[] {
  return cards.map((card, position) => {
    const index = position + 1;
    const picked = picks.get(index);
    const pick = picked === undefined ? undefined : card.candidates.find((candidate) => candidate.printingId === picked);
    const best = card.candidates[0];
    return { ...card, index, choice: pick ?? best, corrected: pick !== undefined, sure: pick !== undefined || isConfident(best) };
  });
}
