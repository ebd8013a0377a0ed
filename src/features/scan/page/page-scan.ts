import type { ScanCandidate } from '../../../lib/scan-candidate.ts';

/** [x, y] in the photo's pixels. */
export type Corner = readonly [number, number];

/** One card found on a page: its four corners clockwise from its top-left, and its candidates, best first. */
export interface PageCard {
  quad: readonly [Corner, Corner, Corner, Corner];
  candidates: ScanCandidate[];
}

/** A photo of a binder page or of loose cards, as sent, and what the server found on it. */
export interface PageScan {
  /** An object URL of the photo sent, to show it with the cards outlined. */
  photoUrl: string;
  width: number;
  height: number;
  cards: PageCard[];
}
