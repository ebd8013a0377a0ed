import { describe, expect, it } from 'vitest';
import { identifySettings } from '../identify-settings.ts';
import type { RankedPrinting } from './artwork-scores.ts';
import { shownCandidates } from './shown-candidates.ts';

function candidate(printingId: string, score: number, artworkScore: number): RankedPrinting {
  return {
    position: 0,
    printingId,
    score,
    similarity: 0.7,
    lead: 0.2,
    artworkScore,
  };
}

describe('shownCandidates', () => {
  it('shows every printing of an artwork the photo likely shows, even when the photo cannot tell them apart', () => {
    const shown = shownCandidates([candidate('en-a-067', 33, 96), candidate('en-b-113', 32, 96), candidate('fr-a-067', 31, 96), candidate('en-c-001', 1, 2)], identifySettings.answer);
    expect(shown.map((c) => c.printingId)).toEqual(['en-a-067', 'en-b-113', 'fr-a-067']);
  });

  it('answers no match when no artwork is likely', () => {
    expect(shownCandidates([candidate('en-a-067', 20, 20), candidate('en-c-001', 10, 10)], identifySettings.answer)).toEqual([]);
  });

  it('answers ten candidates at most', () => {
    const ranked = Array.from({ length: 14 }, (_, k) => candidate(`en-a-${k}`, 7, 98));
    expect(shownCandidates(ranked, identifySettings.answer)).toHaveLength(10);
  });
});
