import { atom } from 'jotai';
import { clientSettings } from '../../lib/client-settings.ts';
import type { AddedEntry } from '../../lib/collection-api.ts';
import type { ScanCandidate } from './scan-candidate.ts';

/**
 * A scan session: with "Add each scan to my collection" on, each confident top match is added as
 * soon as it is shown, and the adds of this visit are listed with Undo. It lasts as long as the page.
 */
export const scanSessionOnAtom = atom(false);

/** What this session added, newest first. */
export const sessionAddsAtom = atom<AddedEntry[]>([]);

/** A top match the session adds by itself; below this the collector picks from the candidates. */
export function isConfident(candidate: ScanCandidate | undefined): candidate is ScanCandidate {
  return candidate !== undefined && candidate.score >= clientSettings.autoAddMinScore.value;
}
