import { atom } from 'jotai';
import { clientSettings } from '../../../lib/client-settings.ts';
import type { AddedEntry } from '../collection-api.ts';
import type { ScanCandidate } from '../../../lib/scan-candidate.ts';

/**
 * A scan session: with "Add each scan to my collection" on, each confident top match is added as
 * soon as it is shown, and the adds of this visit are listed with Undo. It lasts as long as the page
 * and belongs to the collector who started it: after a sign-out, or another collector's sign-in,
 * there is none.
 */
export interface ScanSession {
  /** The token subject of the collector whose session it is. */
  owner: string;
  on: boolean;
  /** What this session added, newest first. */
  adds: AddedEntry[];
  /** Continuous scans that were not sure matches, newest first, until the collector picks or dismisses them. */
  toCheck: ToCheck[];
}

/** A scan left for the collector to pick among its candidates. */
export interface ToCheck {
  id: number;
  candidates: ScanCandidate[];
}

export const scanSessionAtom = atom<ScanSession | null>(null);

/** The session of `owner`: the stored one if it is theirs, else a new one, switched off. */
export function sessionOf(stored: ScanSession | null, owner: string): ScanSession {
  return stored !== null && stored.owner === owner ? stored : { owner, on: false, adds: [], toCheck: [] };
}

/** A top match the session adds by itself; below this the collector picks from the candidates. */
export function isConfident(candidate: ScanCandidate | undefined): candidate is ScanCandidate {
  return candidate !== undefined && candidate.score >= clientSettings.autoAddMinScore.value;
}
