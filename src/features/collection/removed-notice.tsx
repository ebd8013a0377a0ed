import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { useIntl } from 'react-intl';
import { errorText } from '../../lib/error-text.ts';
import { addToastAtom } from '../../state/toasts.ts';
import { restoreEntry, type CollectionEntry } from './collection-api.ts';
import { conditionMessages } from './collection-messages.ts';
import { collectionValueMessages as m } from './collection-value-messages.ts';

/**
 * Says which entry Remove took out and offers to put it back with the same printing, condition and
 * quantity. It stays until undone, dismissed or replaced by the next removal.
 */
export function RemovedNotice({ entry, onRestored, onDismiss }: { entry: CollectionEntry; onRestored: () => void; onDismiss: () => void }) {
  const intl = useIntl();
  const addToast = useSetAtom(addToastAtom);
  const [busy, setBusy] = useState(false);
  const undo = async () => {
    setBusy(true);
    try {
      await restoreEntry(entry);
      addToast({ type: 'success', title: intl.formatMessage(m.restored, { name: entry.card.name }), duration: 3000 });
      onRestored();
    } catch (error) {
      addToast({ type: 'error', title: intl.formatMessage(m.undoFailed, { reason: errorText(intl, error) }), duration: 0 });
      setBusy(false);
    }
  };
  return (
    <div className="removed-notice" role="status">
      <span>{intl.formatMessage(m.removedNotice, { name: entry.card.name, condition: intl.formatMessage(conditionMessages[entry.condition]), quantity: entry.quantity })}</span>
      <button type="button" className="button" disabled={busy} aria-label={intl.formatMessage(m.undoLabel, { name: entry.card.name })} onClick={() => void undo()}>
        {intl.formatMessage(m.undo)}
      </button>
      <button type="button" className="button secondary" disabled={busy} onClick={onDismiss}>
        {intl.formatMessage(m.dismiss)}
      </button>
    </div>
  );
}
