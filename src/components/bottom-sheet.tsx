import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { commonMessages } from '../i18n/common-messages.ts';
import { useBodyScrollLock } from '../lib/use-body-scroll-lock.ts';

const focusableSelector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface BottomSheetProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal sheet rising from the bottom over a dimmed backdrop. Mounting it opens it: the page
 * behind stops scrolling and cannot be reached, Tab cycles inside, Escape, the backdrop and the
 * close button close it, and focus goes back where it was.
 */
export function BottomSheet({ title, onClose, children }: BottomSheetProps) {
  const intl = useIntl();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  useBodyScrollLock();

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current!;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    closeRef.current?.focus();
    return () => {
      dialog.close();
      previouslyFocused?.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(focusableSelector)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="bottom-sheet"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // The sheet's content fills the dialog box, so a click landing on the dialog itself is on the backdrop.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div className="bottom-sheet-content">
        <header className="bottom-sheet-header">
          <h2 id={titleId} className="bottom-sheet-title">
            {title}
          </h2>
          <button ref={closeRef} type="button" className="icon-button" aria-label={intl.formatMessage(commonMessages.close)} onClick={() => onCloseRef.current()}>
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className="bottom-sheet-body">{children}</div>
      </div>
    </dialog>
  );
}
