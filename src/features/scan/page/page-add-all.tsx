import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { useSessionBatch, type AddedEntry } from '../../collection/index.ts';
import { errorText } from '../../../lib/error-text.ts';
import type { ScanCandidate } from '../../../lib/scan-candidate.ts';
import { authActionsAtom } from '../../../state/auth.ts';
import { addToastAtom } from '../../../state/toasts.ts';
import { pageMessages as m } from './page-messages.ts';

/**
 * "Add all": one copy of each sure card of the page, in one step, listed in the scan session with
 * its Undo; the step's own Undo takes it all back. A visitor is offered sign-in instead.
 */
export function PageAddAll({ sure }: { sure: ScanCandidate[] }) {
  const intl = useIntl();
  const batch = useSessionBatch();
  const actions = useAtomValue(authActionsAtom);
  const addToast = useSetAtom(addToastAtom);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<AddedEntry[] | null>(null);

  if (!batch.available) {
    return (
      <div className="page-add-all">
        <button type="button" className="button secondary" onClick={() => void actions.signIn('/scan')}>
          {intl.formatMessage(m.signInToAdd)}
        </button>
      </div>
    );
  }

  const addAll = async () => {
    setBusy(true);
    const outcome = await batch.addAll(sure);
    setBusy(false);
    setAdded(outcome.entries);
    if (outcome.error !== undefined) {
      addToast({ type: 'error', title: intl.formatMessage(m.addAllFailed, { added: outcome.entries.length, count: sure.length, reason: errorText(intl, outcome.error) }), duration: 0 });
    }
  };

  const undo = async (entries: AddedEntry[]) => {
    setBusy(true);
    try {
      await batch.undoAll(entries);
      addToast({ type: 'info', title: intl.formatMessage(m.undoneAll, { count: entries.length }), duration: 3000 });
      setAdded(null);
    } catch (error) {
      addToast({ type: 'error', title: errorText(intl, error), duration: 0 });
    } finally {
      setBusy(false);
    }
  };

  const left = added === null ? [] : batch.remaining(added);
  return (
    <div className="page-add-all">
      {added === null || added.length === 0 ? (
        <>
          <button type="button" className="button" disabled={busy || sure.length === 0} onClick={() => void addAll()}>
            {intl.formatMessage(busy ? m.adding : m.addAll, { count: sure.length })}
          </button>
          <p className="muted page-add-all-hint">{intl.formatMessage(m.addAllHint)}</p>
        </>
      ) : (
        <p className="session-note page-added" role="status">
          <span>{intl.formatMessage(m.addedAll, { count: added.length })}</span>
          {left.length > 0 && (
            <button type="button" className="button secondary" disabled={busy} onClick={() => void undo(left)}>
              {intl.formatMessage(m.undoAll)}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
