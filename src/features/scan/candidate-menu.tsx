import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { scanMessages as m } from './scan-messages.ts';
import type { ScanCandidate } from '../../lib/scan-candidate.ts';

/** Spec section 9: the menu opens 8 px below its button. */
export const menuOffsetPx = 8;

/** A small menu of outside links for one candidate; both open in a new tab. */
export function CandidateMenu({ candidate }: { candidate: ScanCandidate }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', closeOutside);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('pointerdown', closeOutside);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <div className="candidate-menu" ref={root}>
      <button
        type="button"
        className="icon-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={intl.formatMessage(m.cardActions, { name: candidate.cardName })}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">⋮</span>
      </button>
      {open && (
        <ul id={menuId} className="candidate-menu-list" style={{ top: `calc(100% + ${menuOffsetPx}px)` }}>
          <li>
            <a href={candidate.urls.cardUrl} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
              {intl.formatMessage(m.viewOnCardmarket)}
            </a>
          </li>
          <li>
            <a href={candidate.urls.searchInSetUrl} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
              {intl.formatMessage(m.searchInSet)}
            </a>
          </li>
        </ul>
      )}
    </div>
  );
}
