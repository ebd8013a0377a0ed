import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { AddToCollectionSheet } from './add-to-collection-sheet.tsx';
import { collectionMessages as m } from '../collection-messages.ts';
import type { AddedEntry } from '../collection-api.ts';
import { authActionsAtom, authAtom } from '../../../state/auth.ts';

/** Where a visitor who signs in to add a card comes back to: the card, with the add sheet open. */
export function addCardPath(printingId: string): string {
  return `/cards?${new URLSearchParams({ card: printingId, add: '1' })}`;
}

/**
 * "Add to collection" for a printing. Signed in, it opens the add sheet; signed out, it offers sign-in
 * and brings the visitor back to this card with the sheet open.
 */
export function AddToCollectionButton({
  printingId,
  name,
  className = 'button secondary',
  initiallyOpen = false,
  onAdded,
  onSheetClosed,
}: {
  printingId: string;
  name: string;
  className?: string;
  initiallyOpen?: boolean;
  onAdded?: (entry: AddedEntry) => void;
  onSheetClosed?: () => void;
}) {
  const intl = useIntl();
  const auth = useAtomValue(authAtom);
  const actions = useAtomValue(authActionsAtom);
  const [open, setOpen] = useState(initiallyOpen);

  if (!auth.authenticated) {
    return (
      <button type="button" className={className} onClick={() => void actions.signIn(addCardPath(printingId))}>
        {intl.formatMessage(m.signInToAdd)}
      </button>
    );
  }
  return (
    <>
      <button type="button" className={className} aria-label={`${intl.formatMessage(m.add)}: ${name}`} onClick={() => setOpen(true)}>
        {intl.formatMessage(m.add)}
      </button>
      {open && (
        <AddToCollectionSheet
          printingId={printingId}
          name={name}
          onAdded={onAdded}
          onClose={() => {
            setOpen(false);
            onSheetClosed?.();
          }}
        />
      )}
    </>
  );
}
