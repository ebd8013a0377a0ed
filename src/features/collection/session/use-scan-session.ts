import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { variantName } from '../../../components/variant-name.ts';
import { addToCollection, defaultCondition, undoAdd, type AddedEntry } from '../collection-api.ts';
import { authAtom } from '../../../state/auth.ts';
import { errorText } from '../../../lib/error-text.ts';
import { addToastAtom } from '../../../state/toasts.ts';
import type { ScanCandidate } from '../../../lib/scan-candidate.ts';
import { isConfident, scanSessionAtom, sessionOf, type ToCheck } from './scan-session.ts';
import { scanSessionMessages as m } from './scan-session-messages.ts';

export type SessionOutcome = 'off' | 'adding' | 'added' | 'uncertain' | 'failed';

let toCheckIds = 0;

/**
 * Follows the scanner's results: with the session on and a signed-in collector, a confident top
 * match is added once per result; an uncertain one is left for the collector to pick, and, when
 * continuous scanning found it (`continuous`), kept in the session's "to check" list meanwhile.
 */
export function useScanSession(result: ScanCandidate[] | null, { continuous = false }: { continuous?: boolean } = {}) {
  const intl = useIntl();
  const { authenticated, user } = useAtomValue(authAtom);
  const owner = authenticated ? (user?.subject ?? '') : '';
  const [stored, setStored] = useAtom(scanSessionAtom);
  const { on, adds, toCheck } = sessionOf(stored, owner);
  const setOn = useCallback((next: boolean) => setStored((current) => ({ ...sessionOf(current, owner), on: next })), [setStored, owner]);
  const setAdds = useCallback(
    (change: (list: AddedEntry[]) => AddedEntry[]) =>
      setStored((current) => {
        const session = sessionOf(current, owner);
        return { ...session, adds: change(session.adds) };
      }),
    [setStored, owner],
  );
  const addToast = useSetAtom(addToastAtom);
  const [outcome, setOutcome] = useState<{ result: ScanCandidate[]; value: SessionOutcome }>();
  const handled = useRef<ScanCandidate[] | null>(null);
  const active = on && authenticated;

  const record = (entry: AddedEntry) => setAdds((list) => [entry, ...list]);

  useEffect(() => {
    if (!active || result === null || result.length === 0 || handled.current === result) return;
    handled.current = result;
    const best = result[0];
    if (!isConfident(best)) {
      setOutcome({ result, value: 'uncertain' });
      if (continuous) setStored((current) => ({ ...sessionOf(current, owner), toCheck: [{ id: ++toCheckIds, candidates: result }, ...sessionOf(current, owner).toCheck] }));
      return;
    }
    setOutcome({ result, value: 'adding' });
    addToCollection({ printingId: best.printingId, condition: defaultCondition, quantity: 1 }).then(
      (entry) => {
        setAdds((list) => [entry, ...list]);
        setOutcome({ result, value: 'added' });
        addToast({ id: 'scan-session', type: 'success', title: intl.formatMessage(m.autoAdded, { name: `${entry.card.name} (${variantName(intl, entry.card.variant)})` }), duration: 3000 });
      },
      (error: unknown) => {
        setOutcome({ result, value: 'failed' });
        const reason = errorText(intl, error);
        addToast({ id: 'scan-session', type: 'error', title: intl.formatMessage(m.autoAddFailed, { name: best.cardName, reason }), duration: 0 });
      },
    );
  }, [active, result, continuous, addToast, intl, setAdds, setStored, owner]);

  const dismiss = (item: ToCheck) => setStored((current) => ({ ...sessionOf(current, owner), toCheck: sessionOf(current, owner).toCheck.filter((other) => other.id !== item.id) }));

  /** One tap on a candidate of a scan to check: added as the session adds (Near Mint, one copy), and the scan leaves the list. */
  const pick = async (item: ToCheck, candidate: ScanCandidate) => {
    try {
      const entry = await addToCollection({ printingId: candidate.printingId, condition: defaultCondition, quantity: 1 });
      setAdds((list) => [entry, ...list]);
      dismiss(item);
      addToast({ id: 'scan-session', type: 'success', title: intl.formatMessage(m.autoAdded, { name: `${entry.card.name} (${variantName(intl, entry.card.variant)})` }), duration: 3000 });
    } catch (error) {
      addToast({ id: 'scan-session', type: 'error', title: intl.formatMessage(m.autoAddFailed, { name: candidate.cardName, reason: errorText(intl, error) }), duration: 0 });
    }
  };

  const undo = async (entry: AddedEntry) => {
    try {
      await undoAdd(entry);
      setAdds((list) => list.filter((item) => item !== entry));
      addToast({ type: 'info', title: intl.formatMessage(m.undone, { name: entry.card.name }), duration: 3000 });
    } catch (error) {
      addToast({ type: 'error', title: intl.formatMessage(m.undoFailed, { reason: errorText(intl, error) }), duration: 0 });
    }
  };

  // Switching the session on adds the scans that follow, not the result already on screen.
  const switchOn = (next: boolean) => {
    if (next) handled.current = result;
    setOn(next);
  };

  const current: SessionOutcome = active && outcome && outcome.result === result ? outcome.value : 'off';
  return { available: authenticated, on, setOn: switchOn, adds, toCheck, pick, dismiss, outcome: current, record: active ? record : undefined, undo };
}

/**
 * For scans identified later (taken offline): who the session adds for now, if anyone, and the
 * session's add of a sure top match, listed with its Undo like a live one. Null when not sure.
 */
export function useSessionAdd() {
  const { authenticated, user } = useAtomValue(authAtom);
  const owner = authenticated ? (user?.subject ?? '') : '';
  const [stored, setStored] = useAtom(scanSessionAtom);
  const addingFor = authenticated && sessionOf(stored, owner).on ? owner : null;
  const addSure = useCallback(
    async (candidates: ScanCandidate[]): Promise<AddedEntry | null> => {
      const best = candidates[0];
      if (!isConfident(best)) return null;
      const entry = await addToCollection({ printingId: best.printingId, condition: defaultCondition, quantity: 1 });
      setStored((current) => {
        const session = sessionOf(current, owner);
        return { ...session, adds: [entry, ...session.adds] };
      });
      return entry;
    },
    [owner, setStored],
  );
  return { owner: authenticated ? owner : null, addingFor, addSure };
}
