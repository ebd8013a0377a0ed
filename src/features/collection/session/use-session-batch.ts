import { useCallback } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { addToCollection, defaultCondition, undoAdd, type AddedEntry } from '../collection-api.ts';
import { authAtom } from '../../../state/auth.ts';
import type { ScanCandidate } from '../../../lib/scan-candidate.ts';
import { scanSessionAtom, sessionOf } from './scan-session.ts';

/** What an "Add all" did: the entries it made, and why it stopped short if it did. */
export interface BatchAdd {
  entries: AddedEntry[];
  error?: unknown;
}

/**
 * Several cards added in one step (a page's sure matches), one copy each in Near Mint as the session
 * adds, listed in the session's strip with their Undo; `undoAll` takes the whole step back.
 */
export function useSessionBatch() {
  const { authenticated, user } = useAtomValue(authAtom);
  const owner = authenticated ? (user?.subject ?? '') : '';
  const [stored, setStored] = useAtom(scanSessionAtom);
  const listed = sessionOf(stored, owner).adds;
  const setAdds = useCallback(
    (change: (adds: AddedEntry[]) => AddedEntry[]) => setStored((current) => ({ ...sessionOf(current, owner), adds: change(sessionOf(current, owner).adds) })),
    [setStored, owner],
  );

  const addAll = useCallback(
    async (printings: ScanCandidate[]): Promise<BatchAdd> => {
      const entries: AddedEntry[] = [];
      try {
        // One after another: two copies of a printing on one page add to the same entry.
        for (const printing of printings) entries.push(await addToCollection({ printingId: printing.printingId, condition: defaultCondition, quantity: 1 }));
        return { entries };
      } catch (error) {
        return { entries, error };
      } finally {
        setAdds((adds) => [...[...entries].reverse(), ...adds]);
      }
    },
    [setAdds],
  );

  /** Takes back a step's adds, newest first, so copies added to one entry come off one by one. */
  const undoAll = useCallback(
    async (entries: AddedEntry[]): Promise<void> => {
      const undone: AddedEntry[] = [];
      try {
        for (const entry of [...entries].reverse().filter((entry) => listed.includes(entry))) {
          await undoAdd(entry);
          undone.push(entry);
        }
      } finally {
        setAdds((adds) => adds.filter((entry) => !undone.includes(entry)));
      }
    },
    [setAdds, listed],
  );

  /** The step's adds not yet taken back (the strip's Undo takes them one by one too). */
  const remaining = (entries: AddedEntry[]) => entries.filter((entry) => listed.includes(entry));

  return { available: authenticated, addAll, undoAll, remaining };
}
